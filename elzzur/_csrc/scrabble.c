/*
 * elzzur/_csrc/scrabble.c: Graph.scrabble_moves and Graph.scrabble_checks, Scrabble move
 * generation of elzzur/scrabble/movegen.py in C: every move of a board and a rack, best first.
 *
 * The specification is elzzur/scrabble/movegen.py: cross_checks() and anchors() for the tables,
 * across_moves_fast() for the search (Appel & Jacobson's left parts and extension to the right,
 * over letter masks, for tile sets whose tiles are one step of the word graph each), both_ways()
 * for the down moves (the across moves of the transposed board, a single tile that makes an
 * across word left out) and Move.key for the order. Python (core_moves() there) encodes the
 * board and rack as bytes and turns the moves returned into Move objects; everything between,
 * cross-checks and anchors included, is here, since in Python the tables cost ten times the
 * search. Recursion is bounded by the board's width (at most 63), and every graph step is
 * checked, so a corrupt graph is an error, not a crash. Points are int64 and summed in long long
 * without overflow checks: generate_moves() refuses, for both searches alike, tile values and
 * bonuses with which a move could score more than 2**63 - 1 (movegen.check_score_range), so no
 * sum here can overflow. Ranking by equity (movegen.LeaveTable, given by elzzur.scrabble.equity),
 * each move's equity is 10 x its score plus the value in tenths of a point of the leave it keeps,
 * looked up by the tiles it uses (scrabble_record), and the order puts equity first
 * (found_before); those sums are checked, an OverflowError rather than a wrong order, though
 * generate_moves() passes a table here only when every equity fits in 52 bits. Its
 * counterparts:
 *   elzzur_Graph_scrabble_moves   generate_moves() with core_moves(): both directions, sorted;
 *   elzzur_Graph_scrabble_checks  cross_checks() and anchors() alone, for the tests;
 *   scrabble_tables               cross_checks() and anchors() as masks (FastTables);
 *   scrabble_across               the loop over anchors at the end of across_moves_fast();
 *   scrabble_left                 left_part();
 *   scrabble_extend               extend();
 *   scrabble_record               record(), with the word spelt as show_word() in
 *                                 elzzur/scrabble/moves.py spells it;
 *   found_before, found_select    Move.key's order (by_equity's, with leave values), and
 *                                 the best `top` moves by it;
 *   scrabble_leaves               LeaveTable's values and strides, checked;
 *   node_mask, node_child         masks[node], and targets[firsts[node] + popcount] (checked);
 *   rack_take, rack_give          the cnt and rack_bits bookkeeping around each tile
 *   (blank_take, blank_give)      (and the leave's index, for the equity).
 */

#include "core.h"

#define SQ_EMPTY (-1)    /* a board square with no tile */
#define SQ_UNSPELT (-2)  /* a tile the dictionary cannot spell: no word goes through it */
#define B_EMPTY 0xFF     /* the board argument's bytes: no tile, */
#define B_UNSPELT 0xFE   /* a tile the dictionary cannot spell, */
#define B_BLANK 0x40     /* else the letter number, plus this for a blank */
#define MAX_SPELL 16     /* characters of one letter's spelling ([CH] is 4) */

/* A move found: where, what, and its word's text in the pool (Move.key needs it). */
typedef struct {
    int64_t score;
    int64_t equity;      /* in tenths of a point: 10 x score + the leave's value (0 by score) */
    uint64_t new_mask, blank_mask;
    uint32_t seq;        /* the order found: the last tie-break, so the sort is total */
    uint32_t text_at;    /* the word as show_word() spells it, in Scrabble.text */
    uint32_t letters_at; /* one letter number a square, in Scrabble.letters_pool */
    uint16_t text_len;
    uint8_t down, row, start, len; /* row and start in the searched (maybe transposed) grid */
} Found;

typedef struct {
    GraphObject *g;
    int n, row, down;
    /* the grid searched, n*n each: the board itself, or transposed for the down moves */
    int8_t *bl;        /* the letter of the board's tile, SQ_EMPTY or SQ_UNSPELT */
    uint8_t *bb;       /* 1 where the board's tile is a blank */
    uint64_t *allow;   /* the letters a new tile may be on this square (cross-checks) */
    int64_t *cp;       /* the points of the cross-word's board tiles, -1 if none */
    uint8_t *lm, *wm;  /* letter and word multipliers */
    uint8_t *anchor;   /* 1 on an anchor square */
    int64_t val[64];   /* the points of each letter's tile */
    uint64_t apart[64]; /* the letters that may not follow each letter (tiles.apart) */
    int cnt[64];       /* the rack: tiles of each letter */
    uint64_t rack_bits, every;
    int blanks, rack_size;
    long long bingo;
    /* ranking by equity (movegen.LeaveTable): the value in tenths of a point of the rack's
     * leave after each multiset of tiles used, at the index sum(used of letter i x stride[i]) +
     * blanks used x blank_stride; NULL ranks by score */
    int64_t *leave_tenths;
    size_t n_leaves;
    int64_t stride[64], blank_stride;
    int64_t used;      /* the index of the tiles taken from the rack so far */
    uint8_t letters[64];          /* the word so far, one letter per square */
    int len;
    uint64_t new_mask, blank_mask; /* squares of the word that are new tiles, new blanks */
    /* each letter's spelling as a tile and as a blank (show_word: [CH] for a digraph) */
    Py_UCS4 spell[2][64][MAX_SPELL];
    uint8_t spell_len[2][64];
    /* the moves found, and the pools their words and letters are in */
    Found *found;
    size_t n_found, cap_found;
    Py_UCS4 *text;
    size_t n_text, cap_text;
    uint8_t *letters_pool;
    size_t n_letters, cap_letters;
    int error;                    /* 1: the graph is corrupt; 2: out of memory; 3: an
                                   * equity out of int64's range */
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

/* A tile of letter i (whose bit is `bit`) leaves the rack, or comes back to it; a blank
 * likewise. `used` follows: the leave's index (all strides are 0 when ranking by score). */
static inline void
rack_take(Scrabble *s, int i, uint64_t bit)
{
    if (!--s->cnt[i])
        s->rack_bits ^= bit;
    s->used += s->stride[i];
}

static inline void
rack_give(Scrabble *s, int i, uint64_t bit)
{
    if (!s->cnt[i]++)
        s->rack_bits |= bit;
    s->used -= s->stride[i];
}

static inline void
blank_take(Scrabble *s)
{
    s->blanks--;
    s->used += s->blank_stride;
}

static inline void
blank_give(Scrabble *s)
{
    s->blanks++;
    s->used -= s->blank_stride;
}

/* Room for `more` items in a pool of `size`-byte items; 0, or -1 (error 2) when out of
 * memory or past what a 32-bit offset reaches. */
static int
pool_reserve(Scrabble *s, void **pool, size_t *cap, size_t used, size_t more, size_t size)
{
    if (used + more <= *cap)
        return 0;
    size_t want = *cap ? *cap : 1024;
    while (want < used + more)
        want *= 2;
    void *grown = want > UINT32_MAX ? NULL : PyMem_Realloc(*pool, want * size);
    if (grown == NULL) {
        s->error = 2;
        return -1;
    }
    *pool = grown;
    *cap = want;
    return 0;
}

static void
scrabble_record(Scrabble *s, int end, long long score)
{
    int start = end - s->len;
    if (s->down && !(s->new_mask & (s->new_mask - 1))) {
        /* a single tile with a tile beside it on the real board: the across move it makes
         * already (makes_across_word); its square's cross-word is that across word */
        int at = __builtin_ctzll(s->new_mask);
        if (s->cp[(size_t)s->row * s->n + start + at] >= 0)
            return;
    }
    if (__builtin_popcountll(s->new_mask) == s->rack_size)
        score += s->bingo;
    long long equity = 0;
    if (s->leave_tenths != NULL) {
        /* the leave's index: the strides of the tiles this move takes from the rack, kept
         * by rack_take and blank_take (checked against the table's size when the arguments
         * were read) */
        if (__builtin_mul_overflow(score, 10LL, &equity) ||
            __builtin_add_overflow(equity, (long long)s->leave_tenths[s->used], &equity)) {
            s->error = 3;
            return;
        }
    }
    if (pool_reserve(s, (void **)&s->found, &s->cap_found, s->n_found, 1, sizeof(Found)) < 0 ||
        pool_reserve(s, (void **)&s->text, &s->cap_text, s->n_text,
                     (size_t)s->len * MAX_SPELL + 2 * 64, sizeof(Py_UCS4)) < 0 ||
        pool_reserve(s, (void **)&s->letters_pool, &s->cap_letters, s->n_letters, (size_t)s->len,
                     1) < 0)
        return;
    /* the word as show_word() spells it: played-through tiles in parentheses, blanks lower */
    Py_UCS4 *text = s->text + s->n_text;
    size_t k = 0;
    int inside = 0;
    for (int i = 0; i < s->len; i++) {
        int is_new = (s->new_mask >> i) & 1, blank;
        if (!is_new && !inside)
            text[k++] = '(';
        else if (is_new && inside)
            text[k++] = ')';
        inside = !is_new;
        blank = is_new ? (int)((s->blank_mask >> i) & 1)
                       : s->bb[(size_t)s->row * s->n + start + i];
        const Py_UCS4 *spelt = s->spell[blank][s->letters[i]];
        for (int j = 0; j < s->spell_len[blank][s->letters[i]]; j++)
            text[k++] = spelt[j];
    }
    if (inside)
        text[k++] = ')';
    Found *f = &s->found[s->n_found];
    f->score = score;
    f->equity = equity;
    f->new_mask = s->new_mask;
    f->blank_mask = s->blank_mask;
    f->seq = (uint32_t)s->n_found;
    f->text_at = (uint32_t)s->n_text;
    f->text_len = (uint16_t)k;
    f->letters_at = (uint32_t)s->n_letters;
    f->down = (uint8_t)s->down;
    f->row = (uint8_t)s->row;
    f->start = (uint8_t)start;
    f->len = (uint8_t)s->len;
    memcpy(s->letters_pool + s->n_letters, s->letters, (size_t)s->len);
    s->n_found++;
    s->n_text += k;
    s->n_letters += (size_t)s->len;
}

static void
scrabble_extend(Scrabble *s, int col, uint32_t node, int anchor, long long pts, long long wmul,
                long long cross)
{
    int n = s->n, base = s->len;
    uint64_t new_mask = s->new_mask, blank_mask = s->blank_mask;
    const int8_t *bl = s->bl + (size_t)s->row * n;
    const uint8_t *bb = s->bb + (size_t)s->row * n;
    while (col < n && bl[col] != SQ_EMPTY) { /* the board's tiles, as they come */
        int li = bl[col];
        uint64_t m = node_mask(s->g, node);
        if (li < 0 || !((m >> li) & 1) || node_child(s, node, m, li, &node) < 0)
            goto restore;
        s->letters[s->len++] = (uint8_t)li;
        if (!bb[col])
            pts += s->val[li];
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
            blank_take(s);
            s->new_mask = new_mask | (UINT64_C(1) << pos);
            s->blank_mask = blank_mask | (UINT64_C(1) << pos);
            scrabble_extend(s, col + 1, next, anchor, pts, wm2, cp < 0 ? cross : cross + cp * wmc);
            s->blank_mask = blank_mask;
            blank_give(s);
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
            blank_take(s);
            s->blank_mask = blank_mask | (UINT64_C(1) << k);
            scrabble_left(s, anchor, next, limit - 1);
            s->blank_mask = blank_mask;
            blank_give(s);
        }
    }
    s->len = k;
    s->new_mask = new_mask;
    s->blank_mask = blank_mask;
}

/* Follow `li` from `*node` (after letter `prev`, -1 if none): 0, or -1 where no word can. */
static inline int
check_step(Scrabble *s, uint32_t *node, int prev, int li)
{
    if (li < 0 || (prev >= 0 && ((s->apart[prev] >> li) & 1)))
        return -1;
    uint64_t m = node_mask(s->g, *node);
    if (!((m >> li) & 1))
        return -1;
    return node_child(s, *node, m, li, node);
}

/* cross_checks() and anchors() of the grid in s->bl, s->bb: s->allow (every letter where no
 * tile is above or below), s->cp (-1 there) and s->anchor; the centre (cr, cc) is the one
 * anchor of an empty board. The points of a tile the dictionary cannot spell are left out of
 * s->cp: no tile may go beside it (allow is 0), so they never count. */
static void
scrabble_tables(Scrabble *s, int cr, int cc)
{
    int n = s->n;
    size_t nn = (size_t)n * n;
    int empty = 1;
    for (size_t k = 0; k < nn && empty; k++)
        empty = s->bl[k] == SQ_EMPTY;
    for (int r = 0; r < n && !s->error; r++) {
        for (int c = 0; c < n && !s->error; c++) {
            size_t k = (size_t)r * n + c;
            s->allow[k] = s->every;
            s->cp[k] = -1;
            s->anchor[k] = 0;
            if (s->bl[k] != SQ_EMPTY)
                continue;
            int up = r, down = r;
            while (up > 0 && s->bl[(size_t)(up - 1) * n + c] != SQ_EMPTY)
                up--;
            while (down + 1 < n && s->bl[(size_t)(down + 1) * n + c] != SQ_EMPTY)
                down++;
            if (empty)
                s->anchor[k] = r == cr && c == cc;
            else
                s->anchor[k] = up < r || down > r || (c > 0 && s->bl[k - 1] != SQ_EMPTY) ||
                               (c + 1 < n && s->bl[k + 1] != SQ_EMPTY);
            if (up == r && down == r)
                continue;
            long long points = 0;
            for (int i = up; i <= down; i++) {
                size_t at = (size_t)i * n + c;
                if (i != r && s->bl[at] >= 0 && !s->bb[at])
                    points += s->val[s->bl[at]];
            }
            s->cp[k] = points;
            /* the column's tiles above, then each letter, then the tiles below */
            uint32_t node = 0;
            int prev = -1, alive = 1;
            for (int i = up; i < r && alive; i++) {
                int li = s->bl[(size_t)i * n + c];
                alive = check_step(s, &node, prev, li) == 0;
                prev = li;
            }
            uint64_t bits = 0;
            if (alive) {
                uint64_t m = node_mask(s->g, node);
                uint64_t cand = m & ~TERMINAL & s->every;
                while (cand && !s->error) {
                    uint64_t bit = cand & (~cand + 1);
                    cand ^= bit;
                    int i = __builtin_ctzll(bit);
                    uint32_t end;
                    if ((prev >= 0 && ((s->apart[prev] >> i) & 1)) ||
                        node_child(s, node, m, i, &end) < 0)
                        continue;
                    int last = i, ok = 1;
                    for (int j = r + 1; j <= down && ok; j++) {
                        int lj = s->bl[(size_t)j * n + c];
                        ok = check_step(s, &end, last, lj) == 0;
                        last = lj;
                    }
                    if (ok && (node_mask(s->g, end) & TERMINAL))
                        bits |= bit;
                }
            }
            s->allow[k] = bits;
        }
    }
}

/* The across moves of the grid in s->bl (the loop over anchors of across_moves_fast). */
static void
scrabble_across(Scrabble *s, int rack_total)
{
    int n = s->n;
    for (int row = 0; row < n && !s->error; row++) {
        s->row = row;
        const int8_t *bl = s->bl + (size_t)row * n;
        const uint8_t *bb = s->bb + (size_t)row * n;
        for (int col = 0; col < n && !s->error; col++) {
            if (!s->anchor[(size_t)row * n + col] || bl[col] != SQ_EMPTY)
                continue;
            s->len = 0;
            s->new_mask = s->blank_mask = 0;
            if (col > 0 && bl[col - 1] != SQ_EMPTY) { /* the left part is the board's tiles */
                int start = col;
                while (start > 0 && bl[start - 1] != SQ_EMPTY)
                    start--;
                uint32_t node = 0;
                long long pts = 0;
                int ok = 1;
                for (int c = start; c < col && ok; c++) {
                    int li = bl[c];
                    uint64_t m = node_mask(s->g, node);
                    if (li < 0 || !((m >> li) & 1) || node_child(s, node, m, li, &node) < 0)
                        ok = 0;
                    else {
                        s->letters[s->len++] = (uint8_t)li;
                        if (!bb[c])
                            pts += s->val[li];
                    }
                }
                if (ok)
                    scrabble_extend(s, col, node, col, pts, 1, 0);
            } else {
                int limit = 0;
                for (int c = col - 1; c >= 0 && bl[c] == SQ_EMPTY && !s->anchor[(size_t)row * n + c];
                     c--)
                    limit++;
                if (limit > rack_total - 1)
                    limit = rack_total - 1;
                scrabble_left(s, col, 0, limit);
            }
        }
    }
}

/* Equity descending (all 0 when ranking by score), then Move.key's order: score descending,
 * across before down, then the move's row and column on the real board, then its word (code
 * point by code point, as Python compares strings). */
static int
found_before(const Scrabble *s, const Found *a, const Found *b)
{
    if (a->equity != b->equity)
        return a->equity > b->equity;
    if (a->score != b->score)
        return a->score > b->score;
    if (a->down != b->down)
        return a->down < b->down;
    /* a down move was found on the transposed grid: its real row is its start */
    int ar = a->down ? a->start : a->row, br = b->down ? b->start : b->row;
    if (ar != br)
        return ar < br;
    int ac = a->down ? a->row : a->start, bc = b->down ? b->row : b->start;
    if (ac != bc)
        return ac < bc;
    const Py_UCS4 *at = s->text + a->text_at, *bt = s->text + b->text_at;
    for (int i = 0; i < a->text_len && i < b->text_len; i++)
        if (at[i] != bt[i])
            return at[i] < bt[i];
    if (a->text_len != b->text_len)
        return a->text_len < b->text_len;
    return a->seq < b->seq;
}

/* Heap sort of found[0..count) on found_before (a heap of the worst at the top). */
static void
found_sift(const Scrabble *s, Found *h, size_t count, size_t i)
{
    for (;;) {
        size_t worst = i, l = 2 * i + 1, r = l + 1;
        if (l < count && found_before(s, &h[worst], &h[l]))
            worst = l;
        if (r < count && found_before(s, &h[worst], &h[r]))
            worst = r;
        if (worst == i)
            return;
        Found t = h[i];
        h[i] = h[worst];
        h[worst] = t;
        i = worst;
    }
}

/* The best `top` of the moves found, sorted, at the front of s->found: a heap of the `top`
 * best so far, whose worst most moves lose to at once; returns how many. */
static size_t
found_select(Scrabble *s, size_t top)
{
    Found *f = s->found;
    size_t count = s->n_found, k = top < count ? top : count;
    if (k == 0)
        return 0;
    for (size_t i = k / 2; i-- > 0;)
        found_sift(s, f, k, i);
    for (size_t i = k; i < count; i++) {
        if (found_before(s, &f[i], &f[0])) {
            f[0] = f[i];
            found_sift(s, f, k, 0);
        }
    }
    for (size_t end = k; end-- > 1;) { /* the worst to the back, one at a time */
        Found t = f[0];
        f[0] = f[end];
        f[end] = t;
        found_sift(s, f, end, 0);
    }
    return k;
}

/* Every move sorted on found_before, when all are wanted: a bottom-up merge sort through a
 * buffer (the heap of found_select moves 48-byte items around the whole array at every step,
 * which is slow for the tens of thousands of moves of a rack with blanks); -1 if out of memory. */
static int
found_sort(Scrabble *s)
{
    size_t count = s->n_found;
    if (count < 2)
        return 0;
    Found *from = s->found, *to = PyMem_Malloc(count * sizeof(Found));
    if (to == NULL) {
        s->error = 2;
        return -1;
    }
    for (size_t width = 1; width < count; width *= 2) {
        for (size_t lo = 0; lo < count; lo += 2 * width) {
            size_t mid = lo + width < count ? lo + width : count;
            size_t hi = lo + 2 * width < count ? lo + 2 * width : count;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                to[k++] = found_before(s, &from[j], &from[i]) ? from[j++] : from[i++];
            while (i < mid)
                to[k++] = from[i++];
            while (j < hi)
                to[k++] = from[j++];
        }
        Found *t = from;
        from = to;
        to = t;
    }
    if (from != s->found) { /* the sorted run is in the buffer: it becomes the array */
        PyMem_Free(s->found);
        s->found = from;
        s->cap_found = count;
    } else
        PyMem_Free(to);
    return 0;
}

/* A bytes-like argument of exactly `count` bytes, copied to `into`. */
static int
scrabble_bytes(PyObject *arg, Py_ssize_t count, void *into, const char *name)
{
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0)
        return -1;
    int ok = view.len == count;
    if (ok)
        memcpy(into, view.buf, (size_t)count);
    else
        PyErr_Format(PyExc_ValueError, "scrabble_moves: %s has %zd bytes, expected %zd", name,
                     view.len, count);
    PyBuffer_Release(&view);
    return ok ? 0 : -1;
}

/* The board argument (see B_EMPTY) into s->bl and s->bb. */
static int
scrabble_board(Scrabble *s, const uint8_t *board)
{
    for (size_t k = 0; k < (size_t)s->n * s->n; k++) {
        uint8_t b = board[k];
        int li = b & ~B_BLANK;
        if (b == B_EMPTY || b == B_UNSPELT) {
            s->bl[k] = b == B_EMPTY ? SQ_EMPTY : SQ_UNSPELT;
            s->bb[k] = 0;
        } else if (b < 2 * B_BLANK && li < MAX_LETTERS) {
            s->bl[k] = (int8_t)li;
            s->bb[k] = (b & B_BLANK) != 0;
        } else {
            PyErr_SetString(PyExc_ValueError, "scrabble_moves: a board letter out of range");
            return -1;
        }
    }
    return 0;
}

/* The spellings of each letter: a sequence of 64 str of at most MAX_SPELL characters. */
static int
scrabble_spelling(Scrabble *s, PyObject *seq, int blank)
{
    PyObject *fast = PySequence_Fast(seq, "scrabble_moves: the spellings must be sequences");
    if (fast == NULL)
        return -1;
    int ok = PySequence_Fast_GET_SIZE(fast) == 64;
    for (int i = 0; ok && i < 64; i++) {
        PyObject *text = PySequence_Fast_GET_ITEM(fast, i);
        ok = PyUnicode_Check(text) && PyUnicode_GET_LENGTH(text) <= MAX_SPELL;
        if (ok) {
            s->spell_len[blank][i] = (uint8_t)PyUnicode_GET_LENGTH(text);
            for (int j = 0; j < s->spell_len[blank][i]; j++)
                s->spell[blank][i][j] = PyUnicode_READ_CHAR(text, j);
        }
    }
    Py_DECREF(fast);
    if (!ok)
        PyErr_SetString(PyExc_ValueError,
                        "scrabble_moves: 64 spellings of at most 16 characters each");
    return ok ? 0 : -1;
}

/* The tables of one n x n grid, in one allocation. */
static int
scrabble_alloc(Scrabble *s, int n)
{
    size_t nn = (size_t)n * n;
    char *p = PyMem_Malloc(nn * (1 + 1 + 8 + 8 + 1 + 1 + 1));
    if (p == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    s->allow = (uint64_t *)p;
    s->cp = (int64_t *)(p + 8 * nn);
    s->bl = (int8_t *)(p + 16 * nn);
    s->bb = (uint8_t *)(p + 17 * nn);
    s->lm = (uint8_t *)(p + 18 * nn);
    s->wm = (uint8_t *)(p + 19 * nn);
    s->anchor = (uint8_t *)(p + 20 * nn);
    return 0;
}

static void
scrabble_free(Scrabble *s)
{
    PyMem_Free(s->allow); /* the one allocation of scrabble_alloc */
    PyMem_Free(s->found);
    PyMem_Free(s->text);
    PyMem_Free(s->letters_pool);
    PyMem_Free(s->leave_tenths);
}

/* The arguments both methods share, checked; -1 with an exception set if one is bad. */
static int
scrabble_setup(Scrabble *s, GraphObject *self, int n, PyObject *a_board, PyObject *a_val,
               unsigned long long every, PyObject *a_apart)
{
    uint8_t board[63 * 63];
    memset(s, 0, sizeof *s);
    s->g = self;
    if (n < 1 || n > 63) {
        PyErr_SetString(PyExc_ValueError, "scrabble_moves: a board of 1 to 63 squares a side");
        return -1;
    }
    s->n = n;
    s->every = every & ~TERMINAL;
    if (scrabble_bytes(a_board, (Py_ssize_t)n * n, board, "the board") < 0 ||
        scrabble_bytes(a_val, 64 * 8, s->val, "the letter values") < 0 ||
        scrabble_bytes(a_apart, 64 * 8, s->apart, "the letters kept apart") < 0 ||
        scrabble_alloc(s, n) < 0 || scrabble_board(s, board) < 0)
        return -1;
    return 0;
}

/* Swap the grid's tables (letters, blanks, premiums) across the diagonal. */
static void
scrabble_transpose(Scrabble *s)
{
    int n = s->n;
    for (int r = 0; r < n; r++) {
        for (int c = r + 1; c < n; c++) {
            size_t a = (size_t)r * n + c, b = (size_t)c * n + r;
            int8_t l = s->bl[a];
            s->bl[a] = s->bl[b];
            s->bl[b] = l;
            uint8_t t = s->bb[a];
            s->bb[a] = s->bb[b];
            s->bb[b] = t;
            t = s->lm[a];
            s->lm[a] = s->lm[b];
            s->lm[b] = t;
            t = s->wm[a];
            s->wm[a] = s->wm[b];
            s->wm[b] = t;
        }
    }
}

static int
scrabble_graph_error(Scrabble *s)
{
    if (s->error == 1)
        PyErr_SetString(PyExc_ValueError, "word graph is corrupt (an edge out of range)");
    else if (s->error == 3)
        PyErr_SetString(PyExc_OverflowError, "scrabble_moves: an equity out of 64-bit range");
    else if (s->error == 2)
        PyErr_NoMemory();
    return s->error ? -1 : 0;
}

/* The Python objects a move is built of (core_moves() in movegen.py passes them): each letter's
 * tile (str), its square of a move's word as a new tile and as a new blank ((tile, is_blank,
 * True)), and each board square's ((tile, is_blank, False), None where empty), across order. */
typedef struct {
    PyObject *fast[4];   /* the sequences, held */
    PyObject **tile, **sq_new, **sq_blank, **on_board;
} MoveParts;

static int
move_parts(MoveParts *p, PyObject *const *given, Py_ssize_t nn)
{
    static const char *names[4] = {"tiles", "new squares", "blank squares", "board squares"};
    PyObject ***into[4] = {&p->tile, &p->sq_new, &p->sq_blank, &p->on_board};
    for (int k = 0; k < 4; k++) {
        Py_ssize_t want = k < 3 ? 64 : nn;
        p->fast[k] = PySequence_Fast(given[k], "scrabble_moves: the move parts are sequences");
        if (p->fast[k] == NULL)
            return -1;
        if (PySequence_Fast_GET_SIZE(p->fast[k]) != want) {
            PyErr_Format(PyExc_ValueError, "scrabble_moves: %zd %s expected", want, names[k]);
            return -1;
        }
        *into[k] = PySequence_Fast_ITEMS(p->fast[k]);
    }
    return 0;
}

/* One move as core_moves() takes it: (row, col, down, placed, squares, score, word, used,
 * equity), the real board's coordinates, `placed` and `squares` as Move has them, `used` the
 * letters of the rack's tiles it places, sorted, then a 0xFF a blank (which leave it has), and
 * its equity in tenths of a point (0 when ranking by score). */
static PyObject *
move_tuple(const Scrabble *s, const MoveParts *p, const Found *f)
{
    const uint8_t *letters = s->letters_pool + f->letters_at;
    int n = s->n, placed_count = __builtin_popcountll(f->new_mask), k = 0, blanks = 0;
    uint8_t used[64];
    PyObject *placed = PyTuple_New(placed_count), *squares = PyTuple_New(f->len);
    if (placed == NULL || squares == NULL)
        goto fail;
    for (int i = 0; i < f->len; i++) {
        int c = f->start + i, li = letters[i];
        /* the square on the real board: a down move was found on the transposed one */
        int real_r = f->down ? c : f->row, real_c = f->down ? f->row : c;
        PyObject *square;
        if ((f->new_mask >> i) & 1) {
            int blank = (int)((f->blank_mask >> i) & 1);
            square = blank ? p->sq_blank[li] : p->sq_new[li];
            PyObject *tile = p->tile[li];
            if (square == NULL || tile == NULL)
                goto fail;
            PyObject *one = PyTuple_New(4);
            if (one == NULL)
                goto fail;
            PyObject *blank_obj = blank ? Py_True : Py_False;
            PyTuple_SET_ITEM(one, 0, PyLong_FromLong(real_r)); /* small ints: cached, no error */
            PyTuple_SET_ITEM(one, 1, PyLong_FromLong(real_c));
            Py_INCREF(tile);
            PyTuple_SET_ITEM(one, 2, tile);
            Py_INCREF(blank_obj);
            PyTuple_SET_ITEM(one, 3, blank_obj);
            PyTuple_SET_ITEM(placed, k++, one);
            if (blank)
                blanks++;
            else {
                int j = k - blanks - 1; /* insertion into the sorted letters */
                while (j > 0 && used[j - 1] > li) {
                    used[j] = used[j - 1];
                    j--;
                }
                used[j] = (uint8_t)li;
            }
        } else
            square = p->on_board[(size_t)real_r * n + real_c];
        Py_INCREF(square);
        PyTuple_SET_ITEM(squares, i, square);
    }
    for (int j = 0; j < blanks; j++)
        used[placed_count - blanks + j] = 0xFF;
    PyObject *word = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, s->text + f->text_at,
                                               f->text_len);
    if (word == NULL)
        goto fail;
    return Py_BuildValue("(iiONNLNy#L)", f->down ? f->start : f->row,
                         f->down ? f->row : f->start, f->down ? Py_True : Py_False, placed,
                         squares, (long long)f->score, word, (const char *)used,
                         (Py_ssize_t)placed_count, (long long)f->equity);
fail:
    Py_XDECREF(placed);
    Py_XDECREF(squares);
    return NULL;
}

/* Ranking by equity: the leave values (int64 tenths of a point, a bytes-like object, copied)
 * and the 65 strides (int64: each letter's, then the blank's), with s->cnt and s->blanks read
 * already. Every index a move can reach (at most the
 * whole rack used) must be in the table: a wrong table is a ValueError, never a read out of
 * bounds. */
static int
scrabble_leaves(Scrabble *s, PyObject *a_leaves, PyObject *a_strides)
{
    int64_t strides[65];
    Py_buffer view;
    if (a_leaves == Py_None || a_strides == Py_None) {
        PyErr_SetString(PyExc_ValueError, "scrabble_moves: leave values and strides go together");
        return -1;
    }
    if (scrabble_bytes(a_strides, 65 * 8, strides, "the leave strides") < 0 ||
        PyObject_GetBuffer(a_leaves, &view, PyBUF_SIMPLE) < 0)
        return -1;
    size_t count = (size_t)view.len / 8;
    if (view.len % 8 || count == 0 || count > UINT32_MAX) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "scrabble_moves: leave values are 1 to 2**32 int64");
        return -1;
    }
    s->leave_tenths = PyMem_Malloc(count * 8);
    if (s->leave_tenths != NULL)
        memcpy(s->leave_tenths, view.buf, count * 8);
    PyBuffer_Release(&view);
    if (s->leave_tenths == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    /* the largest index: every tile of the rack used (strides at most the table's size, so
     * this sum of at most 65 x 255 of them cannot overflow) */
    uint64_t reach = 0;
    for (int i = 0; i < 65; i++) {
        if (strides[i] < 0 || (uint64_t)strides[i] > count) {
            PyErr_SetString(PyExc_ValueError, "scrabble_moves: a leave stride out of range");
            return -1;
        }
        reach += (uint64_t)strides[i] * (uint64_t)(i < 64 ? s->cnt[i] : s->blanks);
    }
    if (reach >= count) {
        PyErr_SetString(PyExc_ValueError, "scrabble_moves: too few leave values for the rack");
        return -1;
    }
    memcpy(s->stride, strides, sizeof s->stride);
    s->blank_stride = strides[64];
    s->n_leaves = count;
    return 0;
}

PyObject *
elzzur_Graph_scrabble_moves(GraphObject *self, PyObject *args)
{
    int n, cr, cc, blanks, rack_size;
    Py_ssize_t top;
    PyObject *a_board, *a_lm, *a_wm, *a_rack, *a_val, *a_apart, *upper, *lower, *given[4];
    PyObject *a_leaves = Py_None, *a_strides = Py_None;
    unsigned long long every;
    long long bingo;
    if (!PyArg_ParseTuple(args, "iOOOiiOiOKiLOOOnOOOO|OO:scrabble_moves", &n, &a_board, &a_lm,
                          &a_wm, &cr, &cc, &a_rack, &blanks, &a_val, &every, &rack_size, &bingo,
                          &a_apart, &upper, &lower, &top, &given[0], &given[1], &given[2],
                          &given[3], &a_leaves, &a_strides))
        return NULL;
    if (blanks < 0 || blanks > 64 || rack_size < 0) {
        PyErr_SetString(PyExc_ValueError, "scrabble_moves: 0 to 64 blanks, a rack size >= 0");
        return NULL;
    }
    Scrabble s;
    MoveParts parts;
    memset(&parts, 0, sizeof parts);
    PyObject *result = NULL;
    uint8_t rack[64];
    if (scrabble_setup(&s, self, n, a_board, a_val, every, a_apart) < 0 ||
        move_parts(&parts, given, (Py_ssize_t)n * n) < 0 ||
        scrabble_bytes(a_lm, (Py_ssize_t)n * n, s.lm, "the letter premiums") < 0 ||
        scrabble_bytes(a_wm, (Py_ssize_t)n * n, s.wm, "the word premiums") < 0 ||
        scrabble_bytes(a_rack, 64, rack, "the rack") < 0 ||
        scrabble_spelling(&s, upper, 0) < 0 || scrabble_spelling(&s, lower, 1) < 0)
        goto done;
    int rack_total = blanks;
    for (int i = 0; i < 64; i++) {
        s.cnt[i] = i < MAX_LETTERS ? rack[i] : 0;
        rack_total += s.cnt[i];
        if (s.cnt[i])
            s.rack_bits |= UINT64_C(1) << i;
    }
    s.blanks = blanks;
    s.rack_size = rack_size;
    s.bingo = bingo;
    if ((a_leaves != Py_None || a_strides != Py_None) &&
        scrabble_leaves(&s, a_leaves, a_strides) < 0)
        goto done;
    for (int down = 0; down < 2 && !s.error; down++) {
        if (down) { /* the down moves: the across moves of the transposed board */
            scrabble_transpose(&s);
            int t = cr;
            cr = cc;
            cc = t;
        }
        s.down = down;
        scrabble_tables(&s, cr, cc);
        if (!s.error)
            scrabble_across(&s, rack_total);
    }
    if (scrabble_graph_error(&s) < 0)
        goto done;
    size_t count = top < 0 || (size_t)top >= s.n_found ? s.n_found
                                                        : found_select(&s, (size_t)top);
    if (count == s.n_found && found_sort(&s) < 0) {
        scrabble_graph_error(&s);
        goto done;
    }
    if ((result = PyList_New((Py_ssize_t)count)) == NULL)
        goto done;
    for (size_t i = 0; i < count; i++) {
        PyObject *move = move_tuple(&s, &parts, &s.found[i]);
        if (move == NULL) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "scrabble_moves: a move part is missing");
            Py_CLEAR(result);
            goto done;
        }
        PyList_SET_ITEM(result, (Py_ssize_t)i, move);
    }
done:
    for (int k = 0; k < 4; k++)
        Py_XDECREF(parts.fast[k]);
    scrabble_free(&s);
    return result;
}

PyObject *
elzzur_Graph_scrabble_checks(GraphObject *self, PyObject *args)
{
    int n, cr, cc;
    PyObject *a_board, *a_val, *a_apart;
    unsigned long long every;
    if (!PyArg_ParseTuple(args, "iOiiOKO:scrabble_checks", &n, &a_board, &cr, &cc, &a_val, &every,
                          &a_apart))
        return NULL;
    Scrabble s;
    PyObject *result = NULL;
    if (scrabble_setup(&s, self, n, a_board, a_val, every, a_apart) < 0)
        goto done;
    scrabble_tables(&s, cr, cc);
    if (scrabble_graph_error(&s) < 0)
        goto done;
    size_t nn = (size_t)n * n;
    result = Py_BuildValue("(y#y#y#)", (const char *)s.allow, (Py_ssize_t)(8 * nn),
                           (const char *)s.cp, (Py_ssize_t)(8 * nn), (const char *)s.anchor,
                           (Py_ssize_t)nn);
done:
    scrabble_free(&s);
    return result;
}

/* rack_leaves(labels, counts): equity.RackLeaves's leaves in C, the one part of ranking by
 * equity that costs Python time in proportion to the rack (a string a leave). `labels` are
 * the rack's tiles as show_leave writes them, blanks last, `counts` (bytes, each 1 to 255)
 * how many of each; the answer is every sub-multiset kept, written label by label, in the
 * LeaveTable's order: the index of one that keeps k of a tile is the sum over the tiles of
 * (count - k) x the product of (count + 1) of the tiles before. At most 2**16 leaves. */
#define LEAVES_MAX 65536
#define LABEL_MAX (MAX_SPELL + 2) /* [CH]: a spelling in brackets */

PyObject *
elzzur_rack_leaves(PyObject *module, PyObject *args)
{
    PyObject *a_labels, *a_counts;
    (void)module;
    if (!PyArg_ParseTuple(args, "OO:rack_leaves", &a_labels, &a_counts))
        return NULL;
    PyObject *labels = PySequence_Fast(a_labels, "rack_leaves: the labels must be a sequence");
    if (labels == NULL)
        return NULL;
    PyObject *result = NULL;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(labels);
    uint8_t counts[64];
    Py_UCS4 chars[64][LABEL_MAX], maxchar[64];
    int len[64];
    size_t total = 1;
    if (k > 64) {
        PyErr_SetString(PyExc_ValueError, "rack_leaves: at most 64 labels");
        goto done;
    }
    if (scrabble_bytes(a_counts, k, counts, "the counts") < 0)
        goto done;
    for (Py_ssize_t t = 0; t < k; t++) {
        PyObject *label = PySequence_Fast_GET_ITEM(labels, t);
        if (!PyUnicode_Check(label) || PyUnicode_GET_LENGTH(label) > LABEL_MAX ||
            counts[t] == 0) {
            PyErr_SetString(PyExc_ValueError, "rack_leaves: labels of at most 18 characters, "
                                              "counts of 1 to 255");
            goto done;
        }
        len[t] = (int)PyUnicode_GET_LENGTH(label);
        maxchar[t] = 0;
        for (int j = 0; j < len[t]; j++) {
            chars[t][j] = PyUnicode_READ_CHAR(label, j);
            if (chars[t][j] > maxchar[t])
                maxchar[t] = chars[t][j];
        }
        total *= (size_t)counts[t] + 1;
        if (total > LEAVES_MAX) {
            PyErr_SetString(PyExc_ValueError, "rack_leaves: more than 2**16 leaves");
            goto done;
        }
    }
    if ((result = PyList_New((Py_ssize_t)total)) == NULL)
        goto done;
    for (size_t index = 0; index < total; index++) {
        int kept[64];
        Py_ssize_t size = 0;
        Py_UCS4 top = 0;
        size_t rest = index;
        for (Py_ssize_t t = 0; t < k; t++) {
            kept[t] = counts[t] - (int)(rest % ((size_t)counts[t] + 1));
            rest /= (size_t)counts[t] + 1;
            size += (Py_ssize_t)kept[t] * len[t];
            if (kept[t] && maxchar[t] > top)
                top = maxchar[t];
        }
        PyObject *leave = PyUnicode_New(size, top);
        if (leave == NULL) {
            Py_CLEAR(result);
            goto done;
        }
        int kind = PyUnicode_KIND(leave);
        void *data = PyUnicode_DATA(leave);
        Py_ssize_t at = 0;
        for (Py_ssize_t t = 0; t < k; t++)
            for (int c = 0; c < kept[t]; c++)
                for (int j = 0; j < len[t]; j++)
                    PyUnicode_WRITE(kind, data, at++, chars[t][j]);
        PyList_SET_ITEM(result, (Py_ssize_t)index, leave);
    }
done:
    Py_DECREF(labels);
    return result;
}
