-- editors/nvim/tablero.lua -- tablero lsp in Neovim (0.7 and later), for
-- .tgn files. Put this file in ~/.config/nvim/lua/ and add
--   require('tablero')
-- to init.lua; `tablero` must be on PATH (or set cmd below).
-- Settings (spec/lsp.md, "Settings") go in init_options, and later in
-- a workspace/didChangeConfiguration notification.
vim.cmd([[autocmd BufRead,BufNewFile *.tgn setfiletype tgn]])

local function start()
  local opts = {
    name = 'tablero',
    cmd = { 'tablero', 'lsp' },
    root_dir = vim.fn.getcwd(),
    init_options = {
      rules = nil,          -- e.g. 'pitarra; movement=slide' for records without [Rules]
      searchTurns = 0,      -- 0: validate's defaults
      language = 'record',  -- of diagnostics and hovers: en, es, ar or record
    },
  }
  if vim.lsp.start then -- 0.8 and later: one client shared by the buffers
    vim.lsp.start(opts)
    return
  end
  -- 0.7: start one client and attach each buffer to it
  if not _G.tablero_lsp_client then
    _G.tablero_lsp_client = vim.lsp.start_client(opts)
  end
  vim.lsp.buf_attach_client(0, _G.tablero_lsp_client)
end

vim.api.nvim_create_autocmd('FileType', { pattern = 'tgn', callback = start })

-- Keys, as the built-in client offers them:
--   K hover (the board after the turn), <C-x><C-o> completion (legal turns),
--   gd definition (where the position was restated), and
--   :lua vim.lsp.buf.code_action()   repairs, fill, missing tags
--   :lua vim.lsp.buf.formatting()    tablero fmt (0.8: vim.lsp.buf.format())
vim.api.nvim_create_autocmd('FileType', {
  pattern = 'tgn',
  callback = function(ev)
    local o = { buffer = ev.buf }
    vim.keymap.set('n', 'K', vim.lsp.buf.hover, o)
    vim.keymap.set('n', 'gd', vim.lsp.buf.definition, o)
    vim.bo[ev.buf].omnifunc = 'v:lua.vim.lsp.omnifunc'
  end,
})
