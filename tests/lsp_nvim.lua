-- tests/lsp_nvim.lua -- Debian's Neovim (0.7, headless) drives tablero lsp
-- through its built-in LSP client (vim.lsp.start_client and
-- vim.lsp.buf_attach_client: 0.7 has no vim.lsp.start). Run by
-- tests/lsp_nvim.sh, which gives through the environment:
--   TABLERO      the command
--   SLIP         a record with a slip;   SLIP_LINE, SLIP_COL: where validate
--                puts it (lines from 1, columns in code points from 1)
--   REPAIRED     the record with the preferred repair applied
--   FORMATTED    tablero fmt's output of REPAIRED
--   OPEN         a record with a '?' on line OPEN_LINE; OPEN_FIT the turn
--                the rules decide there
--   FIXES        records with several typed fixes; FIXED them all applied
-- Exits 0 when every check holds, else prints what failed and exits 1.
local env = vim.env
local failed = 0
local function check(ok, what)
  if not ok then
    failed = failed + 1
    io.stderr:write('lsp_nvim: FAIL: ' .. what .. '\n')
  end
end
local function read(path)
  local f = assert(io.open(path, 'rb'))
  local s = f:read('*a')
  f:close()
  return s
end
local function buffer_text(buf)
  return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n') .. '\n'
end
local function finish()
  if failed > 0 then
    vim.cmd('cquit 1')
  end
  vim.cmd('qa!')
end

local client_id = vim.lsp.start_client({
  name = 'tablero',
  cmd = { env.TABLERO, 'lsp' },
  root_dir = vim.fn.getcwd(),
  flags = { debounce_text_changes = 0 },
})
check(client_id ~= nil, 'the client starts tablero lsp')
local client = vim.lsp.get_client_by_id(client_id)

-- 1. the slip: the diagnostic at validate's line:col
vim.cmd('edit ' .. vim.fn.fnameescape(env.SLIP))
local buf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(buf, client_id)
vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
local diags = vim.diagnostic.get(buf)
check(#diags == 1, 'one diagnostic, got ' .. #diags)
local line = tonumber(env.SLIP_LINE) - 1
local text = vim.api.nvim_buf_get_lines(buf, line, line + 1, false)[1]
-- validate counts code points; Neovim gives a byte column
local byte_col = vim.str_byteindex(text, tonumber(env.SLIP_COL) - 1)
if diags[1] then
  check(diags[1].lnum == line, 'the diagnostic on line ' .. line .. ', got ' .. diags[1].lnum)
  check(diags[1].col == byte_col, 'the diagnostic at byte ' .. byte_col .. ', got ' .. diags[1].col)
  check(diags[1].code == 'TB401', 'its code TB401, got ' .. tostring(diags[1].code))
end

-- 2. a code action: the preferred repair, applied to the buffer
local params = {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  range = { start = { line = line, character = 0 }, ['end'] = { line = line, character = 0 } },
  context = { diagnostics = {} },
}
local res = client.request_sync('textDocument/codeAction', params, 20000, buf)
local action
for _, a in ipairs(res and res.result or {}) do
  if a.isPreferred then action = a end
end
check(action ~= nil, 'a preferred code action')
if action then
  vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
  check(buffer_text(buf) == read(env.REPAIRED), 'the buffer is the repaired record after the action')
end
vim.wait(20000, function() return #vim.diagnostic.get(buf) == 0 end, 20)
check(#vim.diagnostic.get(buf) == 0, 'no diagnostic once repaired')

-- 3. formatting: the buffer is tablero fmt's output
res = client.request_sync('textDocument/formatting',
  { textDocument = { uri = vim.uri_from_bufnr(buf) }, options = { tabSize = 8, insertSpaces = false } },
  20000, buf)
check(res and res.result, 'formatting answers')
if res and res.result then
  vim.lsp.util.apply_text_edits(res.result, buf, client.offset_encoding)
  check(buffer_text(buf) == read(env.FORMATTED), "the buffer is tablero fmt's output after formatting")
end

-- 4. completion at a '?': the rules' candidate first
vim.cmd('edit ' .. vim.fn.fnameescape(env.OPEN))
local obuf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(obuf, client_id)
local oline = tonumber(env.OPEN_LINE) - 1
local otext = vim.api.nvim_buf_get_lines(obuf, oline, oline + 1, false)[1]
local q = otext:find(' %? ')
res = client.request_sync('textDocument/completion', {
  textDocument = { uri = vim.uri_from_bufnr(obuf) },
  position = { line = oline, character = vim.str_utfindex(otext, q + 1) },
}, 20000, obuf)
local items = res and res.result and (res.result.items or res.result) or {}
check(#items > 0, 'completion at the ? gives turns')
if items[1] then
  check(items[1].label == env.OPEN_FIT, 'the rules\' candidate first: ' .. env.OPEN_FIT .. ', got ' .. items[1].label)
end

-- 5. every fix at once: the action of kind source.fixAll, asked for by
-- that kind as an editor does on save, applied to the buffer
vim.cmd('edit ' .. vim.fn.fnameescape(env.FIXES))
local fbuf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(fbuf, client_id)
vim.wait(20000, function() return #vim.diagnostic.get(fbuf) > 0 end, 20)
check(#vim.diagnostic.get(fbuf) >= 5, 'the slips found, got ' .. #vim.diagnostic.get(fbuf))
res = client.request_sync('textDocument/codeAction', {
  textDocument = { uri = vim.uri_from_bufnr(fbuf) },
  range = { start = { line = 0, character = 0 }, ['end'] = { line = 0, character = 0 } },
  context = { diagnostics = {}, only = { 'source.fixAll' } },
}, 20000, fbuf)
local all = res and res.result or {}
check(#all == 1 and all[1].kind == 'source.fixAll.tablero',
  'one action of kind source.fixAll.tablero, got ' .. #all)
if all[1] then
  vim.lsp.util.apply_workspace_edit(all[1].edit, client.offset_encoding)
  check(buffer_text(fbuf) == read(env.FIXED), 'the buffer has every fix after the fix-all')
end
vim.wait(20000, function() return #vim.diagnostic.get(fbuf) == 0 end, 20)
check(#vim.diagnostic.get(fbuf) == 0, 'no slip left after the fix-all')

vim.lsp.stop_client(client_id)
finish()
