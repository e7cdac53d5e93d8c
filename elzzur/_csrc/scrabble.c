/*
 * elzzur/_csrc/scrabble.c: Graph.scrabble_across, Scrabble move generation of
 * elzzur/scrabble/movegen.py in C: the across moves of a board.
 *
 * The specification is across_moves_fast() in elzzur/scrabble/movegen.py: Appel & Jacobson's
 * left parts and extension to the right, over letter masks, for tile sets whose tiles are one
 * letter each. Python (core_moves() there) prepares every table (cross-checks as masks,
 * premiums, anchors: FastTables.core_args) and turns the raw moves into Move objects; this only
 * searches. Recursion is bounded by the board's width (at most 63), and every graph step is
 * checked, so a corrupt graph is an error, not a crash. Points are int64 and summed in long
 * long without overflow checks: generate_moves() refuses, for both searches alike, tile values
 * and bonuses with which a move could score more than 2**63 - 1 (movegen.check_score_range),
 * so no sum here can overflow. Its counterparts:
 *   elzzur_Graph_scrabble_across  the loop over anchors at the end of across_moves_fast();
 *   scrabble_table                the checks of FastTables.core_args's tables, copied;
 *   scrabble_left                 left_part();
 *   scrabble_extend               extend();
 *   scrabble_record               record(), with the word spelt as show_word() in
 *                                 elzzur/scrabble/moves.py spells it;
 *   node_mask, node_child         masks[node], and targets[firsts[node] + popcount] (checked);
 *   rack_take, rack_give          the cnt and rack_bits bookkeeping around each tile.
 */

#include "core.h"

#define SQ_EMPTY (-1)    /* a board square with no tile */
#define SQ_UNSPELT (-2)  /* a tile the dictionary cannot spell: no word goes through it */

typedef struct {
    GraphObject *g;
    int n, row;
    int8_t *bl;        /* n*n: the letter of the board's tile, SQ_EMPTY or SQ_UNSPELT */
    int64_t *bp;       /* n*n: the points of the board's tile (0 for a blank) */
    uint64_t *allow;   /* n*n: the letters a new tile may be on this square (cross-checks) */
    int64_t *cp;       /* n*n: the points of the cross-word's board tiles, -1 if none */
    uint8_t *lm, *wm;  /* n*n: letter and word multipliers */
    uint8_t *anchor;   /* n*n: 1 on an anchor square */
    uint8_t *bblank;   /* n*n: 1 where the board's tile is a blank */
    Py_UCS4 upper[64], lower[64]; /* each letter as a tile and as a blank, to spell words */
    int64_t val[64];   /* the points of each letter's tile */
    int cnt[64];       /* the rack: tiles of each letter */
    uint64_t rack_bits, every;
    int blanks, rack_size;
    long long bingo;
    uint8_t letters[64];          /* the word so far, one letter per square */
    int len;
    uint64_t new_mask, blank_mask; /* squares of the word that are new tiles, new blanks */
    PyObject *out;
    int error;                    /* 1: the graph is corrupt; 2: a Python error is set */
} Scrabble;

static inline uint64_t
node_mask(const GraphObject *g, uint32_t node)
{
    return load64(g->masks + 8 * (size_t)node);
}

/* The child of `node` (whose mask is `m`) for letter i, which `m` has. */
static inline int
node_child(Scrabble *s, uint32_t node, uint64_t m, int i, uint32_t *child)
{
    uint64_t edge = (uint64_t)load32(s->g->first + 4 * (size_t)node) +
                    (uint64_t)__builtin_popcountll(m & ((UINT64_C(1) << i) - 1));
    if (edge >= s->g->n_edges) {
        s->error = 1;
        return -1;
    }
    uint32_t t = load32(s->g->targets + 4 * (size_t)edge);
    if (t >= s->g->n_nodes) {
        s->error = 1;
        return -1;
    }
    *child = t;
    return 0;
}

/* A tile of letter i (whose bit is `bit`) leaves the rack, or comes back to it. */
static inline void
rack_take(Scrabble *s, int i, uint64_t bit)
{
    if (!--s->cnt[i])
        s->rack_bits ^= bit;
}

static inline void
rack_give(Scrabble *s, int i, uint64_t bit)
{
    if (!s->cnt[i]++)
        s->rack_bits |= bit;
}

static void
scrabble_record(Scrabble *s, int end, long long score)
{
    if (__builtin_popcountll(s->new_mask) == s->rack_size)
        score += s->bingo;
    /* the word as show_word() spells it: played-through tiles in parentheses, blanks lower */
    Py_UCS4 text[3 * 64];
    int k = 0, inside = 0, start = end - s->len;
    for (int i = 0; i < s->len; i++) {
        int is_new = (s->new_mask >> i) & 1, blank;
        if (!is_new && !inside)
            text[k++] = '(';
        else if (is_new && inside)
            text[k++] = ')';
        inside = !is_new;
        blank = is_new ? (int)((s->blank_mask >> i) & 1) : s->bblank[(size_t)s->row * s->n + start + i];
        text[k++] = blank ? s->lower[s->letters[i]] : s->upper[s->letters[i]];
    }
    if (inside)
        text[k++] = ')';
    PyObject *word = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, text, k);
    PyObject *move = word == NULL ? NULL :
        Py_BuildValue("(iiy#KKLN)", s->row, start, (const char *)s->letters, (Py_ssize_t)s->len,
                      (unsigned long long)s->new_mask, (unsigned long long)s->blank_mask, score,
                      word);
    if (move == NULL || PyList_Append(s->out, move) < 0)
        s->error = 2;
    Py_XDECREF(move);
}

static void
scrabble_extend(Scrabble *s, int col, uint32_t node, int anchor, long long pts, long long wmul,
                long long cross)
{
    int n = s->n, base = s->len;
    uint64_t new_mask = s->new_mask, blank_mask = s->blank_mask;
    const int8_t *bl = s->bl + (size_t)s->row * n;
    while (col < n && bl[col] != SQ_EMPTY) { /* the board's tiles, as they come */
        int li = bl[col];
        uint64_t m = node_mask(s->g, node);
        if (li < 0 || !((m >> li) & 1) || node_child(s, node, m, li, &node) < 0)
            goto restore;
        s->letters[s->len++] = (uint8_t)li;
        pts += s->bp[(size_t)s->row * n + col];
        col++;
    }
    uint64_t m = node_mask(s->g, node);
    if (col > anchor && (m & TERMINAL) && s->len >= 2)
        scrabble_record(s, col, pts * wmul + cross);
    if (col >= n || s->error)
        goto restore;
    size_t at = (size_t)s->row * n + col;
    uint64_t cand = m & ~TERMINAL & s->allow[at] & (s->blanks ? s->every : s->rack_bits);
    long long lmul = s->lm[at], wmc = s->wm[at], cp = s->cp[at], wm2 = wmul * wmc;
    int pos = s->len;
    while (cand && !s->error) {
        uint64_t bit = cand & (~cand + 1);
        cand ^= bit;
        int i = __builtin_ctzll(bit);
        uint32_t next;
        if (node_child(s, node, m, i, &next) < 0)
            break;
        s->letters[pos] = (uint8_t)i;
        s->len = pos + 1;
        if (s->cnt[i]) {
            rack_take(s, i, bit);
            long long v = s->val[i] * lmul;
            s->new_mask = new_mask | (UINT64_C(1) << pos);
            scrabble_extend(s, col + 1, next, anchor, pts + v, wm2,
                            cp < 0 ? cross : cross + (cp + v) * wmc);
            rack_give(s, i, bit);
        }
        if (s->blanks && !s->error) {
            s->blanks--;
            s->new_mask = new_mask | (UINT64_C(1) << pos);
            s->blank_mask = blank_mask | (UINT64_C(1) << pos);
            scrabble_extend(s, col + 1, next, anchor, pts, wm2, cp < 0 ? cross : cross + cp * wmc);
            s->blank_mask = blank_mask;
            s->blanks++;
        }
    }
restore:
    s->len = base;
    s->new_mask = new_mask;
    s->blank_mask = blank_mask;
}

/* Grow the tiles before the anchor from the rack (at most `limit` more), extending each. */
static void
scrabble_left(Scrabble *s, int anchor, uint32_t node, int limit)
{
    int n = s->n, k = s->len;
    long long pts = 0, wmul = 1;
    for (int j = 0; j < k; j++) {
        size_t at = (size_t)s->row * n + anchor - k + j;
        long long v = (s->blank_mask >> j) & 1 ? 0 : s->val[s->letters[j]];
        pts += v * s->lm[at];
        wmul *= s->wm[at];
    }
    scrabble_extend(s, anchor, node, anchor, pts, wmul, 0);
    if (limit <= 0 || s->error)
        return;
    uint64_t m = node_mask(s->g, node);
    uint64_t cand = m & ~TERMINAL & (s->blanks ? s->every : s->rack_bits);
    uint64_t new_mask = s->new_mask, blank_mask = s->blank_mask;
    while (cand && !s->error) {
        uint64_t bit = cand & (~cand + 1);
        cand ^= bit;
        int i = __builtin_ctzll(bit);
        uint32_t next;
        if (node_child(s, node, m, i, &next) < 0)
            break;
        s->letters[k] = (uint8_t)i;
        s->len = k + 1;
        s->new_mask = new_mask | (UINT64_C(1) << k);
        if (s->cnt[i]) {
            rack_take(s, i, bit);
            scrabble_left(s, anchor, next, limit - 1);
            rack_give(s, i, bit);
        }
        if (s->blanks && !s->error) {
            s->blanks--;
            s->blank_mask = blank_mask | (UINT64_C(1) << k);
            scrabble_left(s, anchor, next, limit - 1);
            s->blank_mask = blank_mask;
            s->blanks++;
        }
    }
    s->len = k;
    s->new_mask = new_mask;
    s->blank_mask = blank_mask;
}

/* A bytes-like argument of exactly `count` items of `size` bytes, copied to new memory. */
static void *
scrabble_table(PyObject *arg, Py_ssize_t count, size_t size, const char *name)
{
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0)
        return NULL;
    void *copy = NULL;
    if (view.len != count * (Py_ssize_t)size)
        PyErr_Format(PyExc_ValueError, "scrabble_across: %s has %zd bytes, expected %zd", name,
                     view.len, count * (Py_ssize_t)size);
    else if ((copy = PyMem_Malloc(view.len ? (size_t)view.len : 1)) == NULL)
        PyErr_NoMemory();
    else
        memcpy(copy, view.buf, (size_t)view.len);
    PyBuffer_Release(&view);
    return copy;
}

PyObject *
elzzur_Graph_scrabble_across(GraphObject *self, PyObject *args)
{
    int n, blanks, rack_size;
    PyObject *a_bl, *a_bp, *a_allow, *a_cp, *a_lm, *a_wm, *a_anchor, *a_cnt, *a_val, *a_bblank;
    PyObject *upper, *lower;
    unsigned long long every;
    long long bingo;
    if (!PyArg_ParseTuple(args, "iOOOOOOOOiOKiLOUU:scrabble_across", &n, &a_bl, &a_bp, &a_allow,
                          &a_cp, &a_lm, &a_wm, &a_anchor, &a_cnt, &blanks, &a_val, &every,
                          &rack_size, &bingo, &a_bblank, &upper, &lower))
        return NULL;
    if (PyUnicode_GET_LENGTH(upper) != 64 || PyUnicode_GET_LENGTH(lower) != 64) {
        PyErr_SetString(PyExc_ValueError, "scrabble_across: 64 letters in each spelling");
        return NULL;
    }
    if (n < 1 || n > 63 || blanks < 0 || blanks > 64 || rack_size < 0) {
        PyErr_SetString(PyExc_ValueError, "scrabble_across: a board of 1 to 63 squares a side");
        return NULL;
    }
    Scrabble s;
    memset(&s, 0, sizeof s);
    s.g = self;
    s.n = n;
    for (int i = 0; i < 64; i++) {
        s.upper[i] = PyUnicode_READ_CHAR(upper, i);
        s.lower[i] = PyUnicode_READ_CHAR(lower, i);
    }
    Py_ssize_t nn = (Py_ssize_t)n * n;
    PyObject *result = NULL;
    uint8_t *cnt = NULL;
    int64_t *val = NULL;
    if (!(s.bl = scrabble_table(a_bl, nn, 1, "the board")) ||
        !(s.bp = scrabble_table(a_bp, nn, 8, "the board's points")) ||
        !(s.allow = scrabble_table(a_allow, nn, 8, "the cross-checks")) ||
        !(s.cp = scrabble_table(a_cp, nn, 8, "the cross-word points")) ||
        !(s.lm = scrabble_table(a_lm, nn, 1, "the letter premiums")) ||
        !(s.wm = scrabble_table(a_wm, nn, 1, "the word premiums")) ||
        !(s.anchor = scrabble_table(a_anchor, nn, 1, "the anchors")) ||
        !(cnt = scrabble_table(a_cnt, 64, 1, "the rack")) ||
        !(val = scrabble_table(a_val, 64, 8, "the letter values")) ||
        !(s.bblank = scrabble_table(a_bblank, nn, 1, "the board's blanks")))
        goto done;
    for (Py_ssize_t k = 0; k < nn; k++) {
        if (s.bl[k] < SQ_UNSPELT || s.bl[k] >= MAX_LETTERS) {
            PyErr_SetString(PyExc_ValueError, "scrabble_across: a board letter out of range");
            goto done;
        }
    }
    int rack_total = blanks;
    for (int i = 0; i < 64; i++) {
        s.cnt[i] = i < MAX_LETTERS ? cnt[i] : 0;
        s.val[i] = val[i];
        rack_total += s.cnt[i];
        if (s.cnt[i])
            s.rack_bits |= UINT64_C(1) << i;
    }
    s.every = every & ~TERMINAL;
    s.blanks = blanks;
    s.rack_size = rack_size;
    s.bingo = bingo;
    if ((s.out = PyList_New(0)) == NULL)
        goto done;
    for (int row = 0; row < n && !s.error; row++) {
        s.row = row;
        const int8_t *bl = s.bl + (size_t)row * n;
        for (int col = 0; col < n && !s.error; col++) {
            if (!s.anchor[(size_t)row * n + col] || bl[col] != SQ_EMPTY)
                continue;
            s.len = 0;
            s.new_mask = s.blank_mask = 0;
            if (col > 0 && bl[col - 1] != SQ_EMPTY) { /* the left part is the board's tiles */
                int start = col;
                while (start > 0 && bl[start - 1] != SQ_EMPTY)
                    start--;
                uint32_t node = 0;
                long long pts = 0;
                int ok = 1;
                for (int c = start; c < col && ok; c++) {
                    int li = bl[c];
                    uint64_t m = node_mask(self, node);
                    if (li < 0 || !((m >> li) & 1) || node_child(&s, node, m, li, &node) < 0)
                        ok = 0;
                    else {
                        s.letters[s.len++] = (uint8_t)li;
                        pts += s.bp[(size_t)row * n + c];
                    }
                }
                if (ok)
                    scrabble_extend(&s, col, node, col, pts, 1, 0);
            } else {
                int limit = 0;
                for (int c = col - 1; c >= 0 && bl[c] == SQ_EMPTY && !s.anchor[(size_t)row * n + c];
                     c--)
                    limit++;
                if (limit > rack_total - 1)
                    limit = rack_total - 1;
                scrabble_left(&s, col, 0, limit);
            }
        }
    }
    if (s.error == 1)
        PyErr_SetString(PyExc_ValueError, "word graph is corrupt (an edge out of range)");
    if (!s.error) {
        result = s.out;
        s.out = NULL;
    }
done:
    Py_XDECREF(s.out);
    PyMem_Free(s.bl);
    PyMem_Free(s.bp);
    PyMem_Free(s.allow);
    PyMem_Free(s.cp);
    PyMem_Free(s.lm);
    PyMem_Free(s.wm);
    PyMem_Free(s.anchor);
    PyMem_Free(s.bblank);
    PyMem_Free(cnt);
    PyMem_Free(val);
    return result;
}
