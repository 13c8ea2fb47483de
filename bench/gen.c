/*
 * gen.c -- synthetic TGN collection for benchmarks.
 *
 *   gen OUTFILE MEGABYTES [SEED]
 *
 * Writes games until at least MEGABYTES * 1,000,000 bytes are out (the
 * last game is completed, so the file is a little larger). MEGABYTES
 * may be fractional ("27.5"). The output depends only on the seed.
 *
 * Games cycle pitarra, asalto, ocencahuac. Each carries the full tag
 * roster (Game, Rules, Site, Date, both side tags, Result, Event,
 * Informant, Source, Language; Position for asalto), movetext with
 * correct move numbers, comments (plain, {@es ...}, {@ar ...}, rare
 * "; ..." line comments), NAGs, suffixes and variations nested up to
 * two deep. Moves come from a light simulation (pieces occupy points,
 * captures remove them) so the tokens look like real play, but no
 * rules are enforced: only the token grammar and the boards' points
 * are respected.
 *
 * Self-contained C11, libc only.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* PRNG: splitmix64                                                    */

static uint64_t rng_state;

static uint64_t rng64(void)
{
	uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/* Uniform in [0, n), n >= 1. */
static unsigned below(unsigned n)
{
	return (unsigned)(((rng64() >> 32) * (uint64_t)n) >> 32);
}

/* True with probability permille / 1000. */
static int chance(unsigned permille)
{
	return below(1000) < permille;
}

#define PICK(arr) (arr[below((unsigned)(sizeof(arr) / sizeof(arr[0])))])

/* ------------------------------------------------------------------ */
/* Game text buffer                                                    */

#define GBUF_MAX (1u << 16)
#define LINE_MAX_COL 79

/* The header and the movetext are built apart (the Result tag is known
 * only once the moves are), then written header first. */
typedef struct {
	char s[GBUF_MAX];
	size_t n;
} Buf;

static Buf hdr, mtx;
static Buf *out = &hdr;
static unsigned col;        /* column in the current movetext line */
static unsigned open_paren; /* '(' waiting to be glued to the next word */

static void put(const char *s, size_t n)
{
	if (out->n + n >= GBUF_MAX) {
		fprintf(stderr, "gen: game buffer overflow\n");
		exit(2);
	}
	memcpy(out->s + out->n, s, n);
	out->n += n;
}

static void putz(const char *s)
{
	put(s, strlen(s));
}

static void putc_(char c)
{
	put(&c, 1);
}

/* Tag pair with the value escaped (\" and \\). */
static void tag(const char *name, const char *value)
{
	putc_('[');
	putz(name);
	put(" \"", 2);
	for (const char *p = value; *p; p++) {
		if (*p == '"' || *p == '\\')
			putc_('\\');
		putc_(*p);
	}
	put("\"]\n", 3);
}

/* A movetext word, wrapped at LINE_MAX_COL; pending '(' are glued on. */
static void word(const char *s, size_t n)
{
	size_t w = n + open_paren;
	if (col > 0) {
		if (col + 1 + w > LINE_MAX_COL) {
			putc_('\n');
			col = 0;
		} else {
			putc_(' ');
			col++;
		}
	}
	for (; open_paren > 0; open_paren--) {
		putc_('(');
		col++;
	}
	put(s, n);
	col += (unsigned)n;
}

static void wordz(const char *s)
{
	word(s, strlen(s));
}

/* Glued to the previous word: ')' closing a variation. */
static void glue(char c)
{
	putc_(c);
	col++;
}

/* ------------------------------------------------------------------ */
/* Text banks                                                          */

static const char *const first_names[] = {
	"José", "María", "Ramón", "Inés", "Jesús", "Sofía", "Ángel", "Lucía",
	"Jerónimo", "Guadalupe", "Begoña", "Íñigo", "Martín", "Rocío", "Andrés",
	"Concepción", "Joaquín", "Asunción", "Tomás", "Nicolás",
};
static const char *const surnames[] = {
	"Martínez", "Núñez", "Peña", "Ibáñez", "Gómez", "Ortiz", "Muñoz",
	"Álvarez", "Rodríguez", "Cañas", "Hernández", "López", "Ramírez",
	"Jiménez", "Carrión", "Beltrán", "Santiago", "de la Cruz",
};
static const char *const arabic_names[] = {
	"يوسف بن علي", "فاطمة الزهراء", "أحمد العلوي", "خديجة بنت محمد",
	"عبد الله الفاسي", "مريم التطوانية",
};
static const char *const sites[] = {
	"Tepic, Nayarit", "San Blas, Nayarit", "Ixtlán del Río, Nayarit",
	"Santa María del Oro, Nayarit", "Jala, Nayarit", "Compostela, Nayarit",
	"Guadalajara, Jalisco", "Sevilla, España", "Córdoba, España",
	"Granada, España", "Toledo, España", "Tetuán", "Fez", "Chefchauen",
	"?",
};
static const char *const events[] = {
	"Torneo de la Feria de Tepic", "Fiesta del Elote", "Encuentro de Jala",
	"Partidas de la plaza", "Torneo \"La Tercia\"", "Velada en casa de los Núñez",
	"Campeonato del barrio de San Bartolomé", "بطولة فاس",
	"لقاء المقهى الكبير", "Recopilación de campo", "?",
};
static const char *const source_texts[] = {
	"Cinta 12A", "Grabación", "Cuaderno p. 34", "Caja 7", "تسجيل ميداني",
	"Video 09-03", "C:\\CINTAS\\07", "Entrevista", "Libreta f. 12v",
};
static const char *const languages[] = {"es", "es", "es-MX", "es-MX", "ar"};

static const char *const es_phrases[] = {
	"buena jugada", "el rojo forma tercia", "aquí el informante dudó",
	"según Don Jesús, la jugada correcta era otra",
	"posición difícil para los atacantes", "la señora Peña recordó esta variante",
	"jugada típica de la región", "error: pierde una pieza",
	"el público aplaudió", "se repitió la posición", "¡qué sorpresa!",
	"¿por qué no avanzó?", "la grabación se corta aquí",
	"mañana seguirán la partida", "el año de la sequía",
	"jugó muy rápido, casi sin pensar", "los niños gritaban «¡ahí, ahí!»",
	"la pieza pasa el río", "el emperador corre peligro",
	"Ángel dice que así jugaba su abuela", "reconstrucción dudosa",
};
static const char *const ar_phrases[] = {
	"نقلة جيدة", "خطأ واضح", "قال الراوي إن هذه النقلة قديمة", "موقف صعب",
	"انقطع التسجيل هنا", "لعبة ممتعة جدا", "هكذا كان يلعب جدي",
	"الحصن في خطر", "نقلة سريعة بلا تفكير",
};
static const char *const line_notes[] = {
	"revisar la grabación", "dudoso", "según la libreta", "ver nota 3",
	"el transcriptor no está seguro", "تحقق من الشريط",
};
static const char *const suffixes[] = {"!", "?", "!!", "??", "!?", "?!"};

/* ------------------------------------------------------------------ */
/* Boards: points are f*8+r, files a.., ranks 1..                      */

#define NPT 64
#define PT(f, r) ((f) * 8 + (r))
#define PF(p) ((p) / 8)
#define PR(p) ((p) % 8)

enum { PITARRA, ASALTO, OCENCAHUAC, NGAMES };

static const char *const game_names[NGAMES] = {"pitarra", "asalto", "ocencahuac"};
static const char *const side_tags[NGAMES][2] = {
	{"Red", "Yellow"}, {"Attackers", "Defenders"}, {"Sanganguey", "Ceboruco"},
};

static uint8_t valid[NGAMES][NPT];
/* pitarra adjacency along its lines */
static uint8_t pit_nb[NPT][4];
static uint8_t pit_nnb[NPT];

static int parse_pt(const char *s)
{
	return PT(s[0] - 'a', s[1] - '1');
}

static void pit_link(int a, int b)
{
	for (unsigned i = 0; i < pit_nnb[a]; i++)
		if (pit_nb[a][i] == b)
			return;
	pit_nb[a][pit_nnb[a]++] = (uint8_t)b;
	pit_nb[b][pit_nnb[b]++] = (uint8_t)a;
}

static void init_boards(void)
{
	static const char *const pit_lines[] = {
		"a1 d1 g1 g4 g7 d7 a7 a4 a1", "b2 d2 f2 f4 f6 d6 b6 b4 b2",
		"c3 d3 e3 e4 e5 d5 c5 c4 c3", "d1 d2 d3", "d5 d6 d7", "a4 b4 c4",
		"e4 f4 g4", "a1 b2 c3", "g1 f2 e3", "g7 f6 e5", "a7 b6 c5",
	};
	for (size_t i = 0; i < sizeof pit_lines / sizeof pit_lines[0]; i++) {
		const char *s = pit_lines[i];
		int prev = -1;
		for (; *s; s += (s[2] == ' ' ? 3 : 2)) {
			int p = parse_pt(s);
			valid[PITARRA][p] = 1;
			if (prev >= 0)
				pit_link(prev, p);
			prev = p;
			if (!s[2])
				break;
		}
	}
	for (int f = 0; f < 7; f++)
		for (int r = 0; r < 7; r++)
			if ((f >= 2 && f <= 4) || (r >= 2 && r <= 4))
				valid[ASALTO][PT(f, r)] = 1;
	for (int f = 0; f < 5; f++)
		for (int r = 0; r < 8; r++)
			valid[OCENCAHUAC][PT(f, r)] = 1;
}

/* Neighbour of p in direction (df, dr) on game g, or -1. */
static int step_pt(int g, int p, int df, int dr)
{
	int f = PF(p) + df, r = PR(p) + dr;
	if (f < 0 || f > 7 || r < 0 || r > 7)
		return -1;
	int q = PT(f, r);
	return valid[g][q] ? q : -1;
}

static const int dirs8[8][2] = {
	{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1},
};

/* ------------------------------------------------------------------ */
/* Simulation state                                                    */

typedef struct {
	uint8_t occ[NPT];   /* 0 empty, 1 first side, 2 second side */
	char type[NPT];     /* ocencahuac piece letter */
	uint8_t crown[NPT]; /* ocencahuac crowned royal */
	uint8_t hand[2];    /* pitarra pieces still to place */
	int missed;         /* asalto: defender point that passed up a capture, or -1 */
	int over;           /* the game ended on this move: winner 1 or 2 */
	int start_ply;      /* first ply of the movetext (Position tag) */
} State;

/* Token writer */
typedef struct {
	char s[96];
	size_t n;
} Tok;

static void tk_c(Tok *t, char c)
{
	if (t->n + 1 < sizeof t->s)
		t->s[t->n++] = c;
}

static void tk_pt(Tok *t, int p)
{
	tk_c(t, (char)('a' + PF(p)));
	tk_c(t, (char)('1' + PR(p)));
}

static void tk_z(Tok *t, const char *s)
{
	while (*s)
		tk_c(t, *s++);
}

/* Random point of game g with occ == who, or -1. */
static int random_pt(int g, const State *st, int who)
{
	int list[NPT], n = 0;
	for (int p = 0; p < NPT; p++)
		if (valid[g][p] && st->occ[p] == who)
			list[n++] = p;
	return n ? list[below((unsigned)n)] : -1;
}

/* Places a piece of 'side' (1, 2) and type 'ty' on a random empty point
 * of ranks lo..hi, appending it to the position text. */
static void frag_place(State *st, int side, char ty, int crowned, int lo, int hi,
                       char *pos, size_t possz)
{
	for (;;) {
		int p = PT((int)below(5), lo + (int)below((unsigned)(hi - lo + 1)));
		if (st->occ[p])
			continue;
		st->occ[p] = (uint8_t)side;
		st->type[p] = ty;
		st->crown[p] = (uint8_t)crowned;
		size_t n = strlen(pos);
		snprintf(pos + n, possz - n, "%s%c%c%c%s", pos[n - 1] == ':' ? "" : ",", ty,
		         'a' + PF(p), '1' + PR(p), crowned ? "+" : "");
		return;
	}
}

/* A late-game ocencahuac fragment: Sanganguey has two royal pieces
 * crowned and the Prince near the far end, so '==' shows up. */
static void ocencahuac_fragment(State *st, char *pos, size_t possz)
{
	st->start_ply = 2 * (18 + (int)below(20));
	snprintf(pos, possz, "S %d S:", st->start_ply / 2 + 1);
	frag_place(st, 1, 'E', 1, 7, 7, pos, possz);
	frag_place(st, 1, 'M', 1, 7, 7, pos, possz);
	frag_place(st, 1, 'P', 0, 5, 6, pos, possz);
	for (unsigned i = 1 + below(3); i > 0; i--)
		frag_place(st, 1, 'G', 0, 1, 5, pos, possz);
	size_t n = strlen(pos);
	snprintf(pos + n, possz - n, " C:");
	int ecrown = chance(500);
	frag_place(st, 2, 'E', ecrown, ecrown ? 0 : 4, ecrown ? 0 : 7, pos, possz);
	frag_place(st, 2, 'M', 0, 2, 7, pos, possz);
	frag_place(st, 2, 'P', 0, 2, 7, pos, possz);
	for (unsigned i = 1 + below(3); i > 0; i--)
		frag_place(st, 2, 'G', 0, 2, 6, pos, possz);
}

static void init_state(int g, State *st, char *position, size_t possz)
{
	memset(st, 0, sizeof *st);
	st->missed = -1;
	position[0] = 0;
	if (g == PITARRA) {
		st->hand[0] = st->hand[1] = 12;
	} else if (g == ASALTO) {
		static const char *const att =
			"c1 d1 e1 c2 d2 e2 a3 b3 c3 d3 e3 f3 g3 a4 b4 c4 d4 e4 f4 g4 a5 b5 f5 g5";
		for (const char *s = att;; s += 3) {
			st->occ[parse_pt(s)] = 1;
			if (!s[2])
				break;
		}
		static const char *const fort[] = {"c5", "d5", "e5", "c6", "d6", "e6", "c7", "d7", "e7"};
		int a = (int)below(9), b = (int)below(8);
		if (b >= a)
			b++;
		int pa = parse_pt(fort[a]), pb = parse_pt(fort[b]);
		st->occ[pa] = st->occ[pb] = 2;
		/* points in canonical order: by file, then rank */
		int lo = pa < pb ? pa : pb, hi = pa < pb ? pb : pa;
		snprintf(position, possz, "A 1 A:%s D:%c%c,%c%c",
		         "c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,e4,f4,g4,a5,b5,f5,g5",
		         'a' + PF(lo), '1' + PR(lo), 'a' + PF(hi), '1' + PR(hi));
	} else if (chance(100)) {
		ocencahuac_fragment(st, position, possz);
	} else {
		static const char *const start[] = {
			"Ea1", "Mb1", "Pc1", "Ga2", "Gb2", "Gc2",
			"Gc7", "Gd7", "Ge7", "Pc8", "Md8", "Ee8",
		};
		for (int i = 0; i < 12; i++) {
			int p = parse_pt(start[i] + 1);
			st->occ[p] = (uint8_t)(i < 6 ? 1 : 2);
			st->type[p] = start[i][0];
		}
	}
}

/* --- pitarra --- */
/* Now and then (per mille), a tercia's removal: an 'opp' piece goes. */
static void maybe_remove(State *st, int opp, Tok *t, unsigned per)
{
	if (!chance(per))
		return;
	int q = random_pt(PITARRA, st, opp);
	if (q >= 0) {
		st->occ[q] = 0;
		tk_c(t, 'x');
		tk_pt(t, q);
	}
}

static int move_pitarra(State *st, int side, Tok *t)
{
	int me = side + 1, opp = 2 - side;
	if (st->hand[side] > 0) {
		int p = random_pt(PITARRA, st, 0);
		if (p < 0)
			return 0;
		st->hand[side]--;
		st->occ[p] = (uint8_t)me;
		tk_pt(t, p);
		maybe_remove(st, opp, t, 120);
		return 1;
	}
	int from[NPT * 4], to[NPT * 4], n = 0;
	for (int p = 0; p < NPT; p++)
		if (valid[PITARRA][p] && st->occ[p] == me)
			for (unsigned i = 0; i < pit_nnb[p]; i++)
				if (st->occ[pit_nb[p][i]] == 0) {
					from[n] = p;
					to[n++] = pit_nb[p][i];
				}
	if (n == 0)
		return 0;
	int k = (int)below((unsigned)n);
	st->occ[from[k]] = 0;
	st->occ[to[k]] = (uint8_t)me;
	tk_pt(t, from[k]);
	tk_c(t, '-');
	tk_pt(t, to[k]);
	maybe_remove(st, opp, t, 100);
	return 1;
}

/* --- asalto --- */
static int asalto_capture_from(const State *st, int p, int *over, int *land)
{
	int n = 0;
	for (int d = 0; d < 4; d++) {
		int a = step_pt(ASALTO, p, dirs8[d][0], dirs8[d][1]);
		if (a < 0 || st->occ[a] != 1)
			continue;
		int b = step_pt(ASALTO, a, dirs8[d][0], dirs8[d][1]);
		if (b < 0 || st->occ[b] != 0)
			continue;
		over[n] = a;
		land[n++] = b;
	}
	return n;
}

static int move_asalto(State *st, int side, Tok *t)
{
	if (side == 0) {
		int ndef = 0;
		for (int p = 0; p < NPT; p++)
			ndef += st->occ[p] == 2;
		if (st->missed >= 0 && st->occ[st->missed] == 2 && ndef > 1 && chance(600)) {
			tk_c(t, 'H');
			tk_pt(t, st->missed);
			tk_c(t, '/');
			st->occ[st->missed] = 0;
		}
		st->missed = -1;
		/* forward (towards rank 7) counted twice, sideways once */
		static const int adirs[4][2] = {{0, 1}, {0, 1}, {1, 0}, {-1, 0}};
		int from[NPT * 4], to[NPT * 4], n = 0;
		for (int p = 0; p < NPT; p++)
			if (valid[ASALTO][p] && st->occ[p] == 1)
				for (int d = 0; d < 4; d++) {
					int q = step_pt(ASALTO, p, adirs[d][0], adirs[d][1]);
					if (q >= 0 && st->occ[q] == 0) {
						from[n] = p;
						to[n++] = q;
					}
				}
		if (n == 0) {
			if (t->n) {
				tk_z(t, "pass");
				return 1;
			}
			return 0;
		}
		int k = (int)below((unsigned)n);
		st->occ[from[k]] = 0;
		st->occ[to[k]] = 1;
		tk_pt(t, from[k]);
		tk_c(t, '-');
		tk_pt(t, to[k]);
		return 1;
	}
	/* defenders */
	int defs[NPT], nd = 0, capturer[NPT], nc = 0;
	for (int p = 0; p < NPT; p++)
		if (valid[ASALTO][p] && st->occ[p] == 2) {
			int over[4], land[4];
			defs[nd++] = p;
			if (asalto_capture_from(st, p, over, land))
				capturer[nc++] = p;
		}
	if (nd == 0)
		return 0;
	st->missed = -1;
	if (nc > 0 && chance(750)) {
		int p = capturer[below((unsigned)nc)];
		tk_pt(t, p);
		st->occ[p] = 0;
		for (int hops = 0; hops < 5; hops++) {
			int over[4], land[4];
			int n = asalto_capture_from(st, p, over, land);
			if (n == 0)
				break;
			int k = (int)below((unsigned)n);
			st->occ[over[k]] = 0;
			p = land[k];
			tk_c(t, 'x');
			tk_pt(t, p);
		}
		st->occ[p] = 2;
		return 1;
	}
	if (nc > 0)
		st->missed = capturer[below((unsigned)nc)];
	int from[NPT * 4], to[NPT * 4], n = 0;
	for (int i = 0; i < nd; i++)
		for (int d = 0; d < 4; d++) {
			int q = step_pt(ASALTO, defs[i], dirs8[d][0], dirs8[d][1]);
			if (q >= 0 && st->occ[q] == 0) {
				from[n] = defs[i];
				to[n++] = q;
			}
		}
	if (n == 0)
		return 0;
	int k = (int)below((unsigned)n);
	st->occ[from[k]] = 0;
	st->occ[to[k]] = 2;
	tk_pt(t, from[k]);
	tk_c(t, '-');
	tk_pt(t, to[k]);
	return 1;
}

/* --- ocencahuac --- */
static int royal(char c)
{
	return c == 'E' || c == 'M' || c == 'P';
}

typedef struct {
	int kind; /* 0 slide, 1 jump, 2 capture */
	int to, over;
	unsigned weight;
} OMove;

static int move_ocencahuac(State *st, int side, Tok *t)
{
	const int G = OCENCAHUAC;
	int me = side + 1, opp = 2 - side, fwd = side == 0 ? 1 : -1;
	int far = side == 0 ? 7 : 0;
	int mine[NPT], nm = 0, royals[NPT], nr = 0;
	for (int p = 0; p < NPT; p++)
		if (valid[G][p] && st->occ[p] == me) {
			mine[nm++] = p;
			if (royal(st->type[p]) && !st->crown[p])
				royals[nr++] = p;
		}
	if (nm == 0)
		return 0;
	for (int tries = 0; tries < 24; tries++) {
		int p = nr && chance(550) ? royals[below((unsigned)nr)] : mine[below((unsigned)nm)];
		OMove mv[40];
		int n = 0, ncap = 0;
		unsigned total = 0;
		for (int d = 0; d < 8; d++) {
			int df = dirs8[d][0], dr = dirs8[d][1];
			unsigned w = dr == fwd ? 4 : dr == 0 ? 2 : 1;
			int q = p;
			for (int k = 1; k <= 3; k++) {
				q = step_pt(G, q, df, dr);
				if (q < 0)
					break;
				if (st->occ[q]) {
					if (st->occ[q] == opp && st->type[q] == 'G' && k <= 2) {
						mv[n++] = (OMove){2, q, -1, 0};
						ncap++;
					}
					if (k == 1) {
						int l = step_pt(G, q, df, dr);
						if (l >= 0 && !st->occ[l]) {
							mv[n++] = (OMove){1, l, q, w + 1};
							total += w + 1;
						}
					}
					break;
				}
				mv[n++] = (OMove){0, q, -1, w};
				total += w;
			}
		}
		if (n == 0)
			continue;
		int choice = -1;
		if (ncap && chance(350)) {
			int c = (int)below((unsigned)ncap);
			for (int i = 0; i < n; i++)
				if (mv[i].kind == 2 && c-- == 0)
					choice = i;
		} else if (total) {
			unsigned r = below(total);
			for (int i = 0; i < n; i++) {
				if (mv[i].kind == 2)
					continue;
				if (r < mv[i].weight) {
					choice = i;
					break;
				}
				r -= mv[i].weight;
			}
		}
		if (choice < 0)
			continue;
		OMove m = mv[choice];
		char ty = st->type[p];
		uint8_t cr = st->crown[p];
		st->occ[p] = 0;
		st->type[p] = 0;
		st->crown[p] = 0;
		tk_pt(t, p);
		int at = m.to;
		if (m.kind == 0) {
			tk_c(t, '-');
			tk_pt(t, at);
		} else if (m.kind == 2) {
			tk_c(t, 'x');
			tk_pt(t, at);
		} else {
			/* one or more hops */
			int cur = p;
			for (int hop = 0;; hop++) {
				int over = hop == 0 ? m.over : -1, land = hop == 0 ? m.to : -1;
				if (hop > 0) {
					/* another hop in a random direction, if one exists */
					int d0 = (int)below(8);
					for (int i = 0; i < 8 && land < 0; i++) {
						int d = (d0 + i) % 8;
						int o = step_pt(G, cur, dirs8[d][0], dirs8[d][1]);
						if (o < 0 || !st->occ[o])
							continue;
						int l = step_pt(G, o, dirs8[d][0], dirs8[d][1]);
						if (l >= 0 && !st->occ[l] && l != p) {
							over = o;
							land = l;
						}
					}
					if (land < 0)
						break;
				}
				tk_c(t, '^');
				tk_pt(t, land);
				cur = land;
				if (royal(st->type[over])) {
					int owner = st->occ[over];
					int dest = -1;
					if (owner == opp) {
						/* pushed back to its own side's home row */
						int home = owner == 1 ? 0 : 7;
						int f0 = (int)below(5);
						for (int i = 0; i < 5 && dest < 0; i++) {
							int q = PT((f0 + i) % 5, home);
							if (!st->occ[q] && q != cur)
								dest = q;
						}
						if (dest >= 0)
							tk_c(t, '>');
					} else if (chance(300)) {
						dest = random_pt(G, st, 0);
						if (dest == cur)
							dest = -1;
						if (dest >= 0)
							tk_c(t, '@');
					}
					if (dest >= 0) {
						tk_pt(t, dest);
						st->occ[dest] = st->occ[over];
						st->type[dest] = st->type[over];
						st->crown[dest] = 0;
						st->occ[over] = 0;
						st->type[over] = 0;
						st->crown[over] = 0;
					}
				}
				if (hop >= 2 || !chance(150))
					break;
			}
			at = cur;
		}
		st->occ[at] = (uint8_t)me;
		st->type[at] = ty;
		st->crown[at] = cr;
		if (royal(ty) && !cr && PR(at) == far) {
			st->crown[at] = 1;
			int crowned = 0;
			for (int q = 0; q < NPT; q++)
				crowned += st->occ[q] == me && st->crown[q];
			tk_c(t, '=');
			if (crowned >= 3) {
				tk_c(t, '=');
				st->over = side + 1;
			}
		}
		return 1;
	}
	return 0;
}

static int gen_move(int g, State *st, int side, Tok *t)
{
	t->n = 0;
	switch (g) {
	case PITARRA:
		return move_pitarra(st, side, t);
	case ASALTO:
		return move_asalto(st, side, t);
	default:
		return move_ocencahuac(st, side, t);
	}
}

/* ------------------------------------------------------------------ */
/* Movetext                                                            */

static void comment(void)
{
	char c[512];
	size_t n = 0;
	unsigned kind = below(100);
	const char *text;
	const char *text2 = NULL;
	c[n++] = '{';
	if (kind < 25) {
		memcpy(c + n, "@ar ", 4);
		n += 4;
		text = PICK(ar_phrases);
		if (chance(200))
			text2 = PICK(ar_phrases);
	} else {
		if (kind < 80) {
			memcpy(c + n, "@es ", 4);
			n += 4;
		}
		text = PICK(es_phrases);
		if (chance(200))
			text2 = PICK(es_phrases);
	}
	for (int part = 0; part < 2; part++) {
		const char *s = part ? text2 : text;
		if (!s)
			break;
		if (part) {
			memcpy(c + n, "; ", 2);
			n += 2;
		}
		size_t l = strlen(s);
		memcpy(c + n, s, l);
		n += l;
	}
	if (chance(15)) {
		/* escapes inside a comment */
		static const char esc[] = " (marca \\} y barra \\\\ en el original)";
		memcpy(c + n, esc, sizeof esc - 1);
		n += sizeof esc - 1;
	}
	c[n++] = '}';
	word(c, n);
}

static void line_comment(void)
{
	char c[128];
	int n = snprintf(c, sizeof c, "; %s", PICK(line_notes));
	word(c, (size_t)n);
	putc_('\n');
	col = 0;
}

/* "N. tok", "N... tok" or "tok": the number stays on the move's line. */
static void numbered_move(int ply, int need, const Tok *t)
{
	char b[128];
	int n = 0;
	if ((ply & 1) == 0)
		n = snprintf(b, sizeof b, "%d. ", ply / 2 + 1);
	else if (need)
		n = snprintf(b, sizeof b, "%d... ", ply / 2 + 1);
	memcpy(b + n, t->s, t->n);
	word(b, (size_t)n + t->n);
}

/* Emits up to 'count' turns from 'ply' on, starting from *st. Returns
 * the number of turns written. */
static int line(int g, State *st, int ply, int count, int depth, const Tok *avoid)
{
	int need = 1, done = 0;
	unsigned p_var = depth == 0 ? 55 : depth == 1 ? 150 : 0;
	for (; done < count; done++, ply++) {
		State before;
		int var = chance(p_var);
		if (var)
			before = *st;
		Tok t;
		if (avoid && done == 0) {
			/* a variation's first turn differs from the main line's */
			State save = *st;
			int ok = 0;
			for (int tries = 0; tries < 6 && !ok; tries++) {
				*st = save;
				ok = gen_move(g, st, ply & 1, &t) &&
				     (t.n != avoid->n || memcmp(t.s, avoid->s, t.n) != 0);
			}
			if (!ok)
				break;
		} else if (!gen_move(g, st, ply & 1, &t)) {
			break;
		}
		Tok played = t;
		if (chance(45))
			tk_z(&t, PICK(suffixes));
		numbered_move(ply, need, &t);
		need = 0;
		if (chance(40)) {
			char b[8];
			unsigned nag = chance(700) ? 1 + below(22) : 1 + below(255);
			int n = snprintf(b, sizeof b, "$%u", nag);
			word(b, (size_t)n);
		}
		if (chance(depth ? 40 : 50)) {
			comment();
			need = 1;
		} else if (chance(6)) {
			line_comment();
			need = 1;
		}
		if (var) {
			open_paren++;
			if (line(g, &before, ply, 1 + (int)below(4), depth + 1, &played) > 0)
				glue(')');
			else
				open_paren--;
			need = 1;
		}
		if (st->over) {
			done++;
			break;
		}
	}
	return done;
}

/* ------------------------------------------------------------------ */
/* Games                                                               */

static void person(char *out, size_t sz, int arabic)
{
	if (arabic)
		snprintf(out, sz, "%s", PICK(arabic_names));
	else if (chance(40))
		snprintf(out, sz, "?");
	else
		snprintf(out, sz, "%s, %s", PICK(surnames), PICK(first_names));
}

static void date(char *out, size_t sz)
{
	unsigned y = 1890 + below(134), m = 1 + below(12), d = 1 + below(28);
	unsigned k = below(100);
	if (k < 70)
		snprintf(out, sz, "%04u.%02u.%02u", y, m, d);
	else if (k < 82)
		snprintf(out, sz, "%04u.%02u.??", y, m);
	else if (k < 94)
		snprintf(out, sz, "%04u.??.??", y);
	else
		snprintf(out, sz, "%03u?.??.??", y / 10);
}

static void source(char *out, size_t sz)
{
	unsigned h = below(2), m = below(60), s = below(60);
	if (chance(350)) {
		unsigned len = 60 + below(1500);
		unsigned t2 = h * 3600 + m * 60 + s + len;
		snprintf(out, sz, "%s @ %02u:%02u:%02u-%02u:%02u:%02u", PICK(source_texts),
		         h, m, s, t2 / 3600, t2 / 60 % 60, t2 % 60);
	} else {
		snprintf(out, sz, "%s @ %02u:%02u:%02u", PICK(source_texts), h, m, s);
	}
}

static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};

static void game(int g)
{
	/* short games keep the average near 470 bytes (header ~310) */
	static const unsigned plies_min[NGAMES] = {10, 6, 6};
	static const unsigned plies_span[NGAMES] = {16, 16, 16};
	char position[256], side[2][128], dt[32], src[160], informant[128];
	State st;

	hdr.n = mtx.n = 0;
	col = 0;
	open_paren = 0;
	init_state(g, &st, position, sizeof position);

	const char *lang = PICK(languages);
	int arabic = lang[0] == 'a';
	unsigned rk = below(100);
	const char *result = results[rk < 40 ? 0 : rk < 75 ? 1 : rk < 90 ? 2 : 3];
	person(side[0], sizeof side[0], arabic && chance(700));
	person(side[1], sizeof side[1], arabic && chance(700));
	person(informant, sizeof informant, arabic && chance(500));
	date(dt, sizeof dt);
	source(src, sizeof src);
	const char *rules = g == PITARRA && chance(150) ? "pitarra; board=24"
	                  : g == OCENCAHUAC && chance(150) ? "ocencahuac; river=4"
	                                                   : "?";

	out = &mtx;
	unsigned plies = plies_min[g] + below(plies_span[g]);
	line(g, &st, st.start_ply, (int)plies, 0, NULL);
	if (st.over) /* ocencahuac: '==' wins the game */
		result = st.over == 1 ? "1-0" : "0-1";
	open_paren = 0;
	wordz(result);
	put("\n\n", 2);

	out = &hdr;
	tag("Game", game_names[g]);
	tag("Rules", rules);
	tag("Site", PICK(sites));
	tag("Date", dt);
	tag(side_tags[g][0], side[0]);
	tag(side_tags[g][1], side[1]);
	tag("Result", result);
	tag("Event", PICK(events));
	tag("Informant", informant);
	tag("Source", src);
	tag("Language", lang);
	if (position[0])
		tag("Position", position);
	putc_('\n');
}

int main(int argc, char **argv)
{
	if (argc < 3 || argc > 4) {
		fprintf(stderr, "usage: gen OUTFILE MEGABYTES [SEED]\n");
		return 2;
	}
	char *end;
	errno = 0;
	double mb = strtod(argv[2], &end);
	if (errno || *end || !(mb > 0) || mb > 1e6) {
		fprintf(stderr, "gen: bad size '%s' (megabytes, > 0)\n", argv[2]);
		return 2;
	}
	uint64_t seed = 20240611;
	if (argc == 4) {
		errno = 0;
		seed = strtoull(argv[3], &end, 0);
		if (errno || *end || end == argv[3]) {
			fprintf(stderr, "gen: bad seed '%s'\n", argv[3]);
			return 2;
		}
	}
	rng_state = seed;
	init_boards();

	FILE *f = fopen(argv[1], "wb");
	if (!f) {
		fprintf(stderr, "gen: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	static char obuf[1 << 20];
	setvbuf(f, obuf, _IOFBF, sizeof obuf);

	uint64_t target = (uint64_t)(mb * 1e6), bytes = 0, games = 0;
	while (bytes < target) {
		game((int)(games % NGAMES));
		if (fwrite(hdr.s, 1, hdr.n, f) != hdr.n ||
		    fwrite(mtx.s, 1, mtx.n, f) != mtx.n) {
			fprintf(stderr, "gen: %s: write error: %s\n", argv[1], strerror(errno));
			fclose(f);
			return 1;
		}
		bytes += hdr.n + mtx.n;
		games++;
	}
	if (fclose(f) != 0) {
		fprintf(stderr, "gen: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	fprintf(stderr, "gen: wrote %llu bytes, %llu games to %s\n",
	        (unsigned long long)bytes, (unsigned long long)games, argv[1]);
	return 0;
}
