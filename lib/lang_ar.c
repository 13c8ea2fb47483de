/*
 * lang_ar.c -- the words of diagrams and books in Arabic (lang.h).
 *
 * Asalto's sides and title are the Arabic source's words: المهاجمون (the
 * attackers), المحاصران (the besieged two, as the text calls the
 * defenders), and لعبة الحصن as the records of Fez and Tetouan name the
 * game (LocalName). No Arabic source names La Pitarra, Ocencahuac or
 * Ocencahuac's sides: they keep their own names, in Latin letters.
 */
#include "lang.h"

static const tb_lang_entry S_ar[] = {
	{"lang.name", "العربية"},
	{"game.pitarra", "La Pitarra"},
	{"game.asalto", "لعبة الحصن"},
	{"game.ocencahuac", "Ocencahuac"},
	{"side.pitarra.0", "الأحمر"},
	{"side.pitarra.1", "الأصفر"},
	{"side.asalto.0", "المهاجمون"},
	{"side.asalto.1", "المحاصران"},
	{"side.ocencahuac.0", "Sangangüey"},
	{"side.ocencahuac.1", "Ceboruco"},
	{"win.pitarra.0", "فاز الأحمر"},
	{"win.pitarra.1", "فاز الأصفر"},
	{"win.asalto.0", "فاز المهاجمون"},
	{"win.asalto.1", "فاز المحاصران"},
	{"win.ocencahuac.0", "فاز Sangangüey"},
	{"win.ocencahuac.1", "فاز Ceboruco"},
	{"result.draw", "تعادل"},
	{"result.other", "لم تنته، أو النتيجة غير معروفة"},
	{"label.game", "اللعبة"},
	{"label.event", "المناسبة"},
	{"label.site", "المكان"},
	{"label.date", "التاريخ"},
	{"label.round", "الجولة"},
	{"label.source", "المصدر"},
	{"label.informant", "الراوي"},
	{"label.recorder", "سجّلها"},
	{"label.transcriber", "نسخها"},
	{"label.annotator", "علّق عليها"},
	{"label.community", "الجماعة"},
	{"label.access", "الاطلاع"},
	{"label.result", "النتيجة"},
	{"label.notes", "ملاحظات"},
	{"caption.figure", "الشكل {1}"},
	{"caption.after", "بعد {1}"},
	{"caption.turn", "النقلة {1} من السجل"},
	{"caption.restated", "الوضع المُعاد ذكره بعد النقلة {1} من السجل"},
	{"caption.start", "الوضع الابتدائي"},
	{"caption.reconstructed", "مستنتَجة"},
	{"caption.result", "{1} ({2})"},
	{"book.contents", "المحتويات"},
	{"book.ref", "الشكل {1}"},
	{"book.gap", "نقلات مفقودة"},
	{"book.gap.one", "نقلة مفقودة"},
	{"book.gap.n", "نقلات مفقودة: {1}"},
	{"book.gap.range", "نقلات مفقودة: من {1} إلى {2}"},
	{"book.gap.atleast", "نقلات مفقودة: {1} على الأقل"},
	{"book.or", "أو"},
	{"book.reading", "قراءة غير مؤكدة"},
	{"book.unknown", "نقلة لا يعرفها أحد"},
	{"book.position", "يُعاد ذكر الوضع"},
	{"book.omitted", "لا شيء هنا"},
	{"book.start", "تبدأ اللعبة من الوضع المبيَّن في الشكل {1}."},
	{"book.stopped", "لا تستطيع القواعد متابعة السجل ابتداءً من {1}: لا أشكال بعدها حتى يُعيد السجل ذكر الوضع."},
	{"book.stopped.start", "لا تستطيع القواعد متابعة السجل من بدايته، فوضعه غير مكتمل: لا أشكال حتى يُعيد السجل ذكر الوضع."},
	{"book.reconstructed", "النقلات بين معقوفين أضافتها القواعد؛ لا يذكرها المصدر."},
	{NULL, NULL}
};

const tb_lang tb_lang_ar = {"ar", 1, S_ar};
