// editors/vscode/extension.js -- a minimal client: starts `tablero lsp`
// for .tgn files and passes the settings (spec/lsp.md, "Settings") as
// initializationOptions and, when they change, didChangeConfiguration.
// Nothing to build: `npm install` in this folder fetches
// vscode-languageclient, then open the folder in VS Code and press F5
// (or package it with vsce).
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function settings() {
  const c = vscode.workspace.getConfiguration('tablero');
  return {
    rules: c.get('rules'),
    searchTurns: c.get('searchTurns'),
    searchPositions: c.get('searchPositions'),
    lookback: c.get('lookback'),
    language: c.get('language'),
  };
}

function activate(context) {
  const command = vscode.workspace.getConfiguration('tablero').get('path') || 'tablero';
  const server = { command, args: ['lsp'] };
  client = new LanguageClient('tablero', 'tablero lsp', { run: server, debug: server }, {
    documentSelector: [{ language: 'tgn' }],
    initializationOptions: settings(),
  });
  context.subscriptions.push(vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration('tablero') && client) {
      client.sendNotification('workspace/didChangeConfiguration', { settings: { tablero: settings() } });
    }
  }));
  client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
