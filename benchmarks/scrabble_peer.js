// The peer's side of benchmarks/scrabble_peer.py: Kamil Mielnik's Scrabble Solver 2 (the npm
// package scrabble-solver, unpacked by that script in a throwaway folder; CC-BY-NC-ND, so it is
// run from there, never copied here). Our own harness around its public API (solve() of
// @scrabble-solver/solver, buildGaddag of its GADDAG, getConfig of its configs).
//
//   node scrabble_peer.js PEER_DIR WORDS_FILE        answer requests, one JSON line each:
//     {"board": [[row, col, letter, isBlank], ...], "rack": ["a", " ", ...], "repeat": k,
//      "answers": bool}  ->  {"ms": [k times of solve()], "moves": [[x, y, horizontal,
//      tiles, blankIndices, points], ...] (if answers)}
//   node scrabble_peer.js PEER_DIR WORDS_FILE --save GADDAG_FILE   the word graph, serialised
//   node scrabble_peer.js PEER_DIR --once GADDAG_FILE POSITION_JSON  a one-shot: load, solve
//     one position, print the ten best moves (what `elzzur scrabble` does in one process)
//   node scrabble_peer.js PEER_DIR --once-words WORDS_FILE POSITION_JSON  the same, the GADDAG
//     built from the word list
'use strict';

const fs = require('fs');
const path = require('path');
const readline = require('readline');

const peer = process.argv[2];
const need = (name) => require(path.join(peer, 'node_modules', name));
const { solve } = need('@scrabble-solver/solver');
const { buildGaddag, Gaddag } = need('@kamilmielnik/gaddag');
const { getConfig } = need('@scrabble-solver/configs');
const { Board, Cell, Game, Locale, Tile } = need('@scrabble-solver/types');

const config = getConfig(Game.Scrabble, Locale.EN_GB);
const SIZE = 15;

function boardOf(placed) {
  const rows = [];
  for (let y = 0; y < SIZE; ++y) {
    const row = [];
    for (let x = 0; x < SIZE; ++x) {
      row.push(new Cell({ isEmpty: true, tile: Tile.Null, x, y }));
    }
    rows.push(row);
  }
  for (const [y, x, letter, isBlank] of placed) {
    rows[y][x] = new Cell({ isEmpty: false, tile: new Tile({ character: letter, isBlank }), x, y });
  }
  return new Board({ rows });
}

function rackOf(letters) {
  return letters.map((character) => new Tile({ character, isBlank: character === ' ' }));
}

function answer(gaddag, request) {
  const ms = [];
  let results = null;
  for (let i = 0; i < request.repeat; ++i) {
    const board = boardOf(request.board);
    const tiles = rackOf(request.rack);
    const start = performance.now();
    results = solve(gaddag, config, board, tiles);
    ms.push(performance.now() - start);
  }
  const reply = { ms };
  if (request.answers) {
    if (results === null) {
      results = solve(gaddag, config, boardOf(request.board), rackOf(request.rack));
    }
    reply.moves = results.map((r) => [r.x, r.y, r.isHorizontal, r.tiles, r.blankIndices, r.points]);
  }
  return reply;
}

function main() {
  const args = process.argv.slice(3);
  if (args[0] === '--once' || args[0] === '--once-words') {
    const gaddag = args[0] === '--once'
      ? Gaddag.deserialize(new Uint8Array(fs.readFileSync(args[1])))
      : buildGaddag(fs.readFileSync(args[1], 'utf8').split(/\r?\n/).filter((w) => w.length > 0));
    const request = JSON.parse(fs.readFileSync(args[2], 'utf8'));
    const results = solve(gaddag, config, boardOf(request.board), rackOf(request.rack));
    results.sort((a, b) => b.points - a.points);
    for (const r of results.slice(0, 10)) {
      process.stdout.write(`${r.x} ${r.y} ${r.isHorizontal ? 'across' : 'down'} ${r.tiles.join('')} ${r.points}\n`);
    }
    return;
  }
  const words = fs.readFileSync(args[0], 'utf8').split(/\r?\n/).filter((w) => w.length > 0);
  const gaddag = buildGaddag(words);
  if (args[1] === '--save') {
    fs.writeFileSync(args[2], gaddag.serialize());
    return;
  }
  const lines = readline.createInterface({ input: process.stdin });
  process.stdout.write(JSON.stringify({ ready: true, words: words.length }) + '\n');
  lines.on('line', (line) => {
    process.stdout.write(JSON.stringify(answer(gaddag, JSON.parse(line))) + '\n');
  });
}

main();
