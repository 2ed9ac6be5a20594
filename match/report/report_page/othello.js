// Othello rules for the game viewer: a1 = index 0, row by row; passes are implicit.
const MOVE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const DIRECTIONS = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];
function flipsOf(board, sq, me) {
  if (board[sq]) return [];
  const out = [];
  const c0 = sq % 8, r0 = sq >> 3;
  for (const [dc, dr] of DIRECTIONS) {
    const run = [];
    let c = c0 + dc, r = r0 + dr;
    while (c >= 0 && c < 8 && r >= 0 && r < 8 && board[r * 8 + c] === 3 - me) { run.push(r * 8 + c); c += dc; r += dr; }
    if (run.length && c >= 0 && c < 8 && r >= 0 && r < 8 && board[r * 8 + c] === me) out.push(...run);
  }
  return out;
}
const legalMoves = (board, me) => [...Array(64).keys()].filter((sq) => flipsOf(board, sq, me).length);
const squareName = (sq) => "abcdefgh"[sq % 8] + (1 + (sq >> 3));
// Every position of a game: [{board, toMove (1 black, 2 white), move, mover, passed}], passes implicit.
// `startBoard` ("--XO... X", as boardString writes it) for a game from a board, else the standard start.
function replay(compactMoves, startBoard) {
  let board = Array(64).fill(0);
  let me = 1;
  if (startBoard) {
    board = [...startBoard.slice(0, 64)].map((c) => "-XO".indexOf(c));
    me = startBoard.slice(65) === "O" ? 2 : 1;
  } else {
    board[27] = board[36] = 2;  // d4 e5 white
    board[28] = board[35] = 1;  // e4 d5 black
  }
  const states = [{ board: board.slice(), toMove: me, move: -1, mover: 0, passed: false }];
  for (const ch of compactMoves) {
    const sq = MOVE_ALPHABET.indexOf(ch);
    let passed = false;
    if (!flipsOf(board, sq, me).length && !legalMoves(board, me).length) { me = 3 - me; passed = true; }
    const flips = flipsOf(board, sq, me);
    if (!flips.length) return { states, error: `${squareName(sq)} is not legal here` };
    board[sq] = me;
    for (const f of flips) board[f] = me;
    states.push({ board: board.slice(), toMove: 3 - me, move: sq, mover: me, passed });
    me = 3 - me;
  }
  return { states, error: null };
}
function boardString(state) {
  return state.board.map((v) => "-XO"[v]).join("") + " " + (state.toMove === 1 ? "X" : "O");
}
