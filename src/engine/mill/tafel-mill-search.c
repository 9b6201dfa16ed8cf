/* tafel-mill-search.c: the computer player for Nine Men's Morris
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Principal-variation search (negamax alpha-beta with null windows after
 * the first move) with a transposition table, iterative deepening under a
 * time budget, and a short quiescence search over mill-closing moves
 * and the blocks of the opponent's next mill.
 * The table belongs to a TafelMillSearcher, which a caller may keep from
 * move to move (tafel-cli engine; a TafelMillPlayer keeps two); its
 * buckets hold two entries, the deeper one of the current search and the
 * last one written.  Entries of earlier searches only order the moves:
 * their values were found under another game history (repetitions),
 * unless a placement or removal has just been made.  Before a position's
 * moves are searched, its children's entries may already cut it off
 * (many move orders reach the same position).
 * A move includes its removal, so a mill and the stone it takes are one
 * move.  Move order: the table's move, mills (best removal first), blocks
 * of the opponent's next mill, two killer moves, then the history
 * heuristic (the quiet move that caused a cut-off gains depth squared,
 * the quiet moves tried before it lose as much).  Draws by repetition (a
 * position seen again within the search, or twice before in the game) and
 * by the 100 half-move rule end a line with 0.
 *
 * Several threads can search together (limits->threads; Impossible and
 * the analysis use every core up to four): helpers search the same root
 * in the shared table, every other one a ply deeper, with move orders of
 * their own, and the caller's thread finds their results in the table
 * (a "lazy" parallel search).  The table takes no locks: an entry's key
 * is stored XORed with its data, so that a read that meets two writes
 * half-way does not match.
 *
 * The evaluation counts, per side: stones on the board and in hand,
 * closed mills, open mills (two stones and an empty third), threats
 * (open mills the side can close with its next move), double-mill
 * set-ups (Zwickmühle: a stone that swings between two mills, worth more
 * when the opponent cannot step in to break it), fork points while
 * placing (one stone there opens two mills), mobility (free points next
 * to own stones) and blocked stones, with weights that change when a side
 * places, moves or flies.  Mobility while placing weighs heavily, and
 * while moving on a crowded board: most games lost to Sanmill's engine
 * were lost by a block prepared in the placing phase (README, "Mill
 * strength").  The side to move closes first; when it has no mill to
 * close, the opponent's double threat (or a threat it cannot reach)
 * costs it most of a stone.
 *
 * At the root every level but Impossible first narrows the moves with
 * safety_filter (): it closes a mill whenever it can, else blocks the
 * mill the opponent could close next (Hard leaves that to its search
 * once a side flies).  Impossible (and the analysis) weighs every move:
 * a capture can walk into a block, and so can a block.  Levels:
 * Impossible searches about 1 s (no depth limit), Hard 0.25 s and at
 * most 4 plies, Medium looks 2 plies ahead and picks at random among
 * moves within 0.15 stones of the best, Relaxed looks 1 ply ahead,
 * picks among moves within 0.6 stones, and plays a random (still safe)
 * move 30 % of the time.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "tafel-games.h"
#include "tafel-huge-pages.h"
#include "tafel-mill.h"
#include "tafel-mill-book.h"
#include "tafel-mill-egtb.h"
#include "tafel-mill-placing.h"
#include "tafel-mill-exact.h"
#include "tafel-mill-player.h"
#include "tafel-mill-search.h"
#include "tafel-mill-search-private.h"
#include "tafel-mill-small.h"

#define WIN TAFEL_MILL_SCORE_WIN
#define PROVEN (WIN - 1000)
#define INF (WIN + 1)
#define MAX_PLY 128
#define MAX_DEPTH 64
#define QS_PLIES 6
#define HIST_KEEP 128
#define POLL_MASK 4095
/* History scores stay within +-HISTORY_MAX, below the killers' order. */
#define HISTORY_MAX (1 << 16)

#define BIT(p) (1u << (p))
#define POPCOUNT(x) ((int) tafel_mill_popcount (x))
#define LOWEST(x) ((guint) __builtin_ctz (x))
/* More than one point in @x: enough to tell a mill's one, two or three
 * stones apart, and cheaper than POPCOUNT's portable form. */
#define SEVERAL(x) (((x) & ((x) - 1)) != 0)

enum { TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3 };
#define TT_BOUND(flag) ((flag) & 3)
/* The search that wrote an entry, in the flag's upper bits. */
#define TT_GEN_SHIFT 2

typedef struct {
  guint32 move;           /* pack_move () */
  gint16 score;
  gint8 depth;
  guint8 flag;            /* bound | generation << TT_GEN_SHIFT; 0: empty */
} TTData;

/* Threads searching together share the table without locks: an entry
 * is two words written one after the other, and its key is kept XORed
 * with its data, so that the halves of two different writes do not
 * pass for an entry. */
typedef struct {
  guint64 check;          /* the position's key ^ data */
  guint64 data;           /* a TTData */
} TTEntry;

G_STATIC_ASSERT (sizeof (TTData) == 8);
G_STATIC_ASSERT (sizeof (TTEntry) == 16);

/* Threads that help the caller's: at most this many. */
#define MAX_HELPERS (TAFEL_MILL_MAX_THREADS - 1)

typedef struct {
  const TafelMillTables *t;
  TTEntry *tt;              /* buckets of two entries */
  guint64 tt_mask;          /* entries - 1 */
  guint8 generation;        /* of this search, 1..63 */
  guint64 nodes;
  gint64 deadline;          /* monotonic µs; 0 = none */
  guint64 max_nodes;        /* 0 = none */
  GCancellable *cancellable;
  gboolean stop;
  gint *abort;              /* set when the search is over; NULL alone */
  guint64 published;        /* nodes, for other threads to read */
  /* positions of the game and of the current line, for repetition */
  guint64 keys[HIST_KEEP + MAX_PLY + 2];
  guint root_index;         /* index of the root in keys */
  const TafelMove *root_moves;   /* restricts the root; NULL: all */
  guint n_root_moves;
  TafelMove killers[MAX_PLY][2];
  int history[2][TAFEL_MILL_POINTS + 1][TAFEL_MILL_POINTS];
  guint flags;              /* TafelMillSearchFlags */
  const TafelMillEgtb *egtb;     /* solved endgames, or NULL */
  gboolean small;                /* a variant solved whole (Three) */
  gboolean draws_end;            /* a table draw is a leaf: see table_value () */
} Search;

/* A move as one word: its length and 5 bits a point. */
static inline guint32
pack_move (const TafelMove *m)
{
  return m->len | (guint32) m->path[0] << 3 | (guint32) m->path[1] << 8
         | (guint32) m->path[2] << 13 | (guint32) m->path[3] << 18;
}

static inline TafelMove
unpack_move (guint32 code)
{
  return (TafelMove) { code & 7, { code >> 3 & 31, code >> 8 & 31,
                                   code >> 13 & 31, code >> 18 & 31 } };
}

G_STATIC_ASSERT (TAFEL_MAX_PATH == 4 && TAFEL_MILL_POINTS <= 32);

/* Moves in the search all come from tafel_mill_generate (), which zeroes
 * the unused bytes of a path, so moves compare byte for byte. */
static inline gboolean
move_eq (const TafelMove *a,
         const TafelMove *b)
{
  return memcmp (a, b, sizeof *a) == 0;
}

/* ---- evaluation ---- */


/* Does @side fly (3 stones, all placed, where the variant lets it)? */
static inline gboolean
flies (const TafelMillTables *t,
       const TafelMillState  *s,
       int                    side)
{
  return (t->flags & TAFEL_MILL_VARIANT_FLYING) && s->hand[side] == 0
         && POPCOUNT (s->stones[side]) == 3;
}

/* Can @own's stones fill @hole, the free point of @mill: anywhere while
 * placing or flying (@anywhere), else by a step from outside the mill. */
static inline gboolean
reaches_hole (const TafelMillTables *t,
              guint32                own,
              guint32                mill,
              guint32                hole,
              gboolean               anywhere)
{
  return anywhere || (t->adj[LOWEST (hole)] & own & ~mill) != 0;
}

/* The empty points where @side could close a mill with its next move. */
static guint32
threat_points (const TafelMillTables *t,
               const TafelMillState  *s,
               int                    side)
{
  guint32 own = s->stones[side];
  guint32 opp = s->stones[side ^ 1];
  guint32 empty = t->all & ~(own | opp);
  gboolean anywhere = s->hand[side] > 0 || flies (t, s, side);
  guint32 threats = 0;

  for (guint m = 0; m < t->n_mills; m++)
    {
      guint32 mill = t->mills[m];
      guint32 hole = mill & ~own;   /* one empty point: two stones of three */

      if (hole == 0 || SEVERAL (hole) || (hole & empty) == 0)
        continue;
      if (reaches_hole (t, own, mill, hole, anywhere))
        threats |= hole;
    }

  return threats;
}

typedef struct {
  int material;
  int closed;
  int open2;
  int threats;
  guint32 threat_mask;    /* the points where the side closes next */
  int forks;              /* points that open two mills at once */
  int zwick;              /* Zwickmühlen the opponent cannot refill */
  int zwick_open;         /* Zwickmühlen the opponent can block */
  int mobility;
  int blocked;
  gboolean placing;
  gboolean flying;
} SideFacts;

/* Zwickmühle: the stone at @p stands in a closed mill, and its step to
 * an empty neighbour closes a second mill; stepping back closes the first
 * again.  Counted as safe when the opponent cannot step into the point
 * the stone leaves (nor into the point it goes to). */
static void
count_zwick (const TafelMillTables *t,
             guint32                own,
             guint32                opp,
             gboolean               opp_anywhere,
             guint                  p,
             guint32                free_adj,
             SideFacts             *f)
{
  for (; free_adj != 0; free_adj &= free_adj - 1)
    {
      guint q = LOWEST (free_adj);

      if (tafel_mill_closes_at (t, (own & ~BIT (p)) | BIT (q), q))
        {
          if (!opp_anywhere && (t->adj[p] & opp) == 0 && (t->adj[q] & opp) == 0)
            f->zwick++;
          else
            f->zwick_open++;
          return;
        }
    }
}

/* How many of a side's stones stand in each mill, bit-sliced: bit m of
 * @low and @high are the two binary digits of mills[m]'s count (0 to 3),
 * so that every mill is counted at once, without a branch per mill. */
typedef struct {
  guint32 low;
  guint32 high;
} MillCounts;

static inline MillCounts
mill_counts (const TafelMillTables *t,
             guint32                stones)
{
  MillCounts c = { 0, 0 };

  for (; stones != 0; stones &= stones - 1)
    {
      guint32 m = t->mills_through[LOWEST (stones)];

      c.high |= c.low & m;   /* a mill holds three points: no count passes 3 */
      c.low ^= m;
    }
  return c;
}

/* @own_count: mill_counts () of @side's stones; @opp_mills: the mills
 * holding an opponent's stone. */
static void
side_facts (const TafelMillTables *t,
            const TafelMillState  *s,
            int                    side,
            MillCounts             own_count,
            guint32                opp_mills,
            SideFacts             *f)
{
  guint32 own = s->stones[side];
  guint32 opp = s->stones[side ^ 1];
  guint32 empty = t->all & ~(own | opp);
  guint32 closed = own_count.low & own_count.high;
  guint32 two = own_count.high & ~own_count.low & ~opp_mills;
  guint32 one = own_count.low & ~own_count.high & ~opp_mills;
  guint32 in_mills = 0;
  guint32 single = 0;     /* empty points of mills with one own stone */
  guint32 fork_points = 0;
  guint32 threats = 0;
  gboolean opp_anywhere = s->hand[side ^ 1] > 0 || flies (t, s, side ^ 1);
  gboolean anywhere;

  memset (f, 0, sizeof *f);
  f->material = tafel_mill_material (s, side);
  f->placing = s->hand[side] > 0;
  f->flying = flies (t, s, side);
  anywhere = f->placing || f->flying;

  f->closed = POPCOUNT (closed);
  for (; closed != 0; closed &= closed - 1)
    in_mills |= t->mills[LOWEST (closed)];
  f->open2 = POPCOUNT (two);
  for (; two != 0; two &= two - 1)
    {
      guint32 mill = t->mills[LOWEST (two)];
      guint32 hole = mill & ~own;

      if (reaches_hole (t, own, mill, hole, anywhere))
        threats |= hole;
    }
  f->threats = POPCOUNT (threats);
  f->threat_mask = threats;

  /* While placing, room around the stones counts as well, and a
   * Zwickmühle built now pays once the stones move; a flying side's
   * stones need no room. */
  if (f->placing)
    {
      /* A point shared by two mills with one own stone each: a stone
       * there opens both, and the opponent can block only one. */
      for (; one != 0; one &= one - 1)
        {
          guint32 points = t->mills[LOWEST (one)] & empty;

          fork_points |= single & points;
          single |= points;
        }
      f->forks = POPCOUNT (fork_points & ~f->threat_mask);
    }
  else if (f->flying)
    return;

  {
    /* The steps: for each empty point, how many own stones stand next to
     * it, bit-sliced (ones, twos, fours) and summed at the end. */
    guint32 ones = 0, twos = 0, fours = 0;

    for (guint32 b = own; b != 0; b &= b - 1)
      {
        guint32 free_adj = t->adj[LOWEST (b)] & empty;
        guint32 carry = ones & free_adj;

        ones ^= free_adj;
        fours |= twos & carry;
        twos ^= carry;
        f->blocked += free_adj == 0;
      }
    f->mobility = POPCOUNT (ones) + 2 * POPCOUNT (twos) + 4 * POPCOUNT (fours);
  }

  for (guint32 b = in_mills; b != 0; b &= b - 1)
    {
      guint p = LOWEST (b);

      count_zwick (t, own, opp, opp_anywhere, p, t->adj[p] & empty, f);
    }
}

/* The SideFacts counts that have a weight in each phase. */
enum { F_CLOSED, F_OPEN2, F_THREATS, F_MOBILITY, F_BLOCKED, F_FORKS, F_ZWICK, F_ZWICK_OPEN, F_N };

/* The evaluation's weights in hundredths of a stone, tuned by selfplay,
 * by matches and by fitting them to the results of logged games (README,
 * "Mill strength"); tafel_mill_search_set_weight () changes them by name
 * for such measurements. */
typedef struct {
  int place[F_N];       /* while placing */
  int move[F_N];        /* while moving; mobility grows with the crowd */
  int fly[F_N];         /* while flying: closed, open2, threats (side_facts ()
                         * counts nothing else for a flying side) */
  int crowd_mobility;   /* moving: more per free point, with 18 stones on the board */
  int stuck;            /* moving and no step left */
  int against_flyer;    /* moving, per threat, against a flying side */
  int tempo;            /* the side to move can close a mill */
  int unstoppable;      /* it cannot stop the opponent's threats */
  int fork;             /* it can open two mills at once */
  int deficit;          /* per stone of material beyond the first that a
                         * side is behind, while neither flies (0: none) */
  int time_percent;     /* no new iteration after this part of the budget */
  int whole_moves;      /* late-move reductions by whole moves of both sides:
                         * 0 never, 1 while placing, 2 always (measured even,
                         * README "Tried and not kept") */
} Weights;

static Weights W = {
  .place = { 8, 12, 8, 40, -50, 6, 20, 8 },
  .move = { 120, 18, 83, -5, -35, 0, 360, 100 },
  .fly = { 170, 40, 75 },
  .crowd_mobility = 49,
  .stuck = -120,
  .against_flyer = -20,
  .tempo = 45,
  .unstoppable = -150,
  .fork = 24,
  .time_percent = 100,
  .whole_moves = 0,
};

gboolean
tafel_mill_search_set_weight (const char *name,
                              int         value)
{
  static const char *const counts[F_N] = {
    "closed", "open2", "threats", "mobility", "blocked", "forks", "zwick", "zwick-open"
  };
  static const struct {
    const char *name;
    int *weight;
  } names[] = {
    { "crowd-mobility", &W.crowd_mobility },
    { "stuck", &W.stuck },
    { "against-flyer", &W.against_flyer },
    { "tempo", &W.tempo },
    { "unstoppable", &W.unstoppable },
    { "fork", &W.fork },
    { "deficit", &W.deficit },
    { "time-percent", &W.time_percent },
    { "whole-moves", &W.whole_moves },
  };
  /* PHASE-COUNT: place-mobility, move-zwick, fly-threats, ... */
  static const struct {
    const char *prefix;
    int *weights;
    guint n_counts;
  } phases[] = {
    { "place-", W.place, F_N },
    { "move-", W.move, F_N },
    { "fly-", W.fly, F_THREATS + 1 },
  };

  g_return_val_if_fail (name != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (name, names[i].name) == 0)
      {
        *names[i].weight = value;
        return TRUE;
      }
  for (guint p = 0; p < G_N_ELEMENTS (phases); p++)
    if (g_str_has_prefix (name, phases[p].prefix))
      for (guint i = 0; i < phases[p].n_counts; i++)
        if (g_strcmp0 (name + strlen (phases[p].prefix), counts[i]) == 0)
          {
            phases[p].weights[i] = value;
            return TRUE;
          }
  return FALSE;
}

/* @w: the phase's weights; @mobility: the weight of a free point (see
 * evaluate ()). */
static inline int
counts_score (const SideFacts *f,
              const int       *w,
              int              mobility)
{
  return w[F_CLOSED] * f->closed + w[F_OPEN2] * f->open2 + w[F_THREATS] * f->threats
         + mobility * f->mobility + w[F_BLOCKED] * f->blocked + w[F_FORKS] * f->forks
         + w[F_ZWICK] * f->zwick + w[F_ZWICK_OPEN] * f->zwick_open;
}

static int
side_score (const SideFacts *f,
            const SideFacts *other,
            int              move_mobility)
{
  int score = 100 * f->material;

  if (f->placing)
    score += counts_score (f, W.place, W.place[F_MOBILITY]);
  else if (f->flying)
    score += counts_score (f, W.fly, W.fly[F_MOBILITY]);
  else
    {
      score += counts_score (f, W.move, move_mobility);
      /* Stuck (not to move): one step from losing. */
      if (f->mobility == 0)
        score += W.stuck;
      /* Against a flying side every open mill can be closed at once. */
      if (other->flying)
        score += W.against_flyer * f->threats;
    }

  return score;
}

/* Can the side to move (@us) stop every mill @them threatens?  Not two at
 * once, and not one it has no stone next to while it moves step by step. */
static gboolean
threats_unstoppable (const TafelMillTables *t,
                     const TafelMillState  *s,
                     const SideFacts       *us,
                     const SideFacts       *them)
{
  if (them->threats >= 2)
    return TRUE;
  if (them->threats == 0 || us->placing || us->flying)
    return FALSE;
  return (t->adj[LOWEST (them->threat_mask)] & s->stones[s->side]) == 0;
}

/* Static value for the side to move; a blocked side to move has lost.
 * @threats, unless NULL, receives the points where the side to move and
 * where its opponent could close a mill next (threat_points () of each),
 * which the facts hold anyway. */
static int
evaluate (const TafelMillTables *t,
          const TafelMillState  *s,
          int                    ply,
          guint32               *threats)
{
  SideFacts us, them;
  int side = s->side;
  int score, crowd, move_mobility;
  MillCounts count[2] = {
    mill_counts (t, s->stones[0]),
    mill_counts (t, s->stones[1]),
  };

  side_facts (t, s, side, count[side], count[side ^ 1].low | count[side ^ 1].high, &us);
  side_facts (t, s, side ^ 1, count[side ^ 1], count[side].low | count[side].high, &them);
  if (threats != NULL)
    {
      threats[0] = us.threat_mask;
      threats[1] = them.threat_mask;
    }

  if (!us.placing && !us.flying && us.mobility == 0 && !s->pending)
    return -(WIN - ply);

  /* Just after placing the board is crowded and a block is a few steps
   * away: each free point is then worth more, down to the plain moving
   * weight once 12 stones or fewer are left. */
  crowd = CLAMP (POPCOUNT (s->stones[0] | s->stones[1]) - 12, 0, 6);
  move_mobility = W.move[F_MOBILITY] + W.crowd_mobility * crowd / 6;
  score = side_score (&us, &them, move_mobility) - side_score (&them, &us, move_mobility);
  /* Two stones or more behind is worse than twice one. */
  if (W.deficit != 0 && !us.flying && !them.flying)
    {
      int lead = us.material - them.material;

      if (lead >= 2)
        score += (lead - 1) * W.deficit;
      else if (lead <= -2)
        score += (lead + 1) * W.deficit;
    }
  /* The side to move closes first; otherwise a double threat (or one it
   * cannot reach) costs it a stone next move, and a fork point gives it
   * a double threat now. */
  if (us.threats > 0)
    score += W.tempo;
  else
    {
      if (threats_unstoppable (t, s, &us, &them))
        score += W.unstoppable;
      if (us.forks > 0)
        score += W.fork;
    }

  return score;
}

int
tafel_mill_evaluate (const TafelState *state)
{
  tafel_mill_tables ();
  return evaluate (tafel_mill_state_tables (TAFEL_MILL_CSTATE (state)),
                   TAFEL_MILL_CSTATE (state), 0, NULL);
}

/* ---- move ordering ---- */

static inline guint
move_from (const TafelMillState *s,
           const TafelMove      *m)
{
  return s->hand[s->side] > 0 || s->pending ? TAFEL_MILL_POINTS : m->path[0];
}

/* How much the removal of the opponent's stone at @p hurts them. */
static int
removal_value (const TafelMillTables *t,
               const TafelMillState  *s,
               guint                  p)
{
  int opp = s->side ^ 1;
  guint32 them = s->stones[opp];
  guint32 us = s->stones[s->side];
  int v = 0;

  for (int i = 0; i < TAFEL_MILL_POINT_MILLS; i++)
    {
      guint32 mill = t->point_mills[p][i];

      /* Their open mill through p, or a stone blocking ours. */
      if (POPCOUNT (them & mill) == 2 && (us & mill) == 0)
        v += 40;
      if (POPCOUNT (us & mill) == 2)
        v += 30;
    }
  v += 3 * POPCOUNT (t->adj[p] & ~(them | us));
  return v;
}

static void
score_moves (Search               *S,
             const TafelMillState *s,
             const TafelMove      *moves,
             guint                 n,
             const TafelMove      *tt_move,
             int                   ply,
             guint32               blocks,
             int                  *scores)
{
  const TafelMillTables *t = S->t;

  for (guint i = 0; i < n; i++)
    {
      const TafelMove *m = &moves[i];
      guint removed = tafel_mill_move_removed (s, m);
      guint to = tafel_mill_move_to (s, m);
      int v;

      if (tt_move != NULL && move_eq (m, tt_move))
        v = 1 << 28;
      else if (removed != TAFEL_MILL_NO_POINT)
        v = (1 << 26) + removal_value (t, s, removed);
      else if (!s->pending && (blocks & BIT (to)))
        v = 1 << 25;
      else if (S->flags & TAFEL_MILL_SEARCH_PLAIN_ORDER)
        v = 0;
      else if (ply < MAX_PLY && move_eq (m, &S->killers[ply][0]))
        v = (1 << 24) + 1;
      else if (ply < MAX_PLY && move_eq (m, &S->killers[ply][1]))
        v = 1 << 24;
      else
        v = S->history[s->side][move_from (s, m)][to];

      scores[i] = v;
    }
}

/* Selection sort step: bring the best remaining move to @i. */
static inline void
pick (TafelMove *moves,
      int       *scores,
      guint      i,
      guint      n)
{
  guint best = i;

  for (guint j = i + 1; j < n; j++)
    if (scores[j] > scores[best])
      best = j;
  if (best != i)
    {
      TafelMove m = moves[i];
      int v = scores[i];

      moves[i] = moves[best];
      scores[i] = scores[best];
      moves[best] = m;
      scores[best] = v;
    }
}

/* The history heuristic: a quiet move that refuted a position gains,
 * the quiet moves tried before it lose, each by depth squared, with a
 * gravity that keeps every score within +-HISTORY_MAX. */
static inline void
history_update (Search               *S,
                const TafelMillState *s,
                const TafelMove      *m,
                int                   bonus)
{
  int *h = &S->history[s->side][move_from (s, m)][tafel_mill_move_to (s, m)];

  *h += bonus - *h * ABS (bonus) / HISTORY_MAX;
}

/* ---- search ---- */

static inline gboolean
poll_stop (Search *S)
{
  if ((S->nodes & POLL_MASK) == 0)
    {
      if (S->abort != NULL && g_atomic_int_get (S->abort))
        S->stop = TRUE;
      __atomic_store_n (&S->published, S->nodes, __ATOMIC_RELAXED);
      if (S->deadline != 0 && g_get_monotonic_time () >= S->deadline)
        S->stop = TRUE;
      if (S->max_nodes != 0 && S->nodes >= S->max_nodes)
        S->stop = TRUE;
      if (S->cancellable != NULL && g_cancellable_is_cancelled (S->cancellable))
        S->stop = TRUE;
    }
  return S->stop;
}

/* Draw by repetition: seen again since the root, or twice in the game. */
static gboolean
is_repetition (Search               *S,
               const TafelMillState *s,
               int                   ply)
{
  guint index = S->root_index + ply;
  guint span = MIN ((guint) s->clock, index);
  guint before_root = 0;

  /* Only positions with the same side to move can be equal. */
  for (guint back = 2; back <= span; back += 2)
    if (S->keys[index - back] == s->key)
      {
        if (index - back >= S->root_index)
          return TRUE;
        before_root++;
      }

  return before_root >= 2;
}

static inline int
score_to_tt (int score,
             int ply)
{
  if (score > PROVEN)
    return score + ply;
  if (score < -PROVEN)
    return score - ply;
  return score;
}

static inline int
score_from_tt (int score,
               int ply)
{
  if (score > PROVEN)
    return score - ply;
  if (score < -PROVEN)
    return score + ply;
  return score;
}

/* The score of an exact value with the end @plies half-moves away. */
static int
value_score (TafelValue value,
             int        plies)
{
  return value == TAFEL_VALUE_WIN ? WIN - plies
         : value == TAFEL_VALUE_LOSS ? -(WIN - plies) : 0;
}

/* What the endgame tables (or a variant solved whole) say of a position. */
typedef enum {
  HELD_NOT,
  HELD_DECIDED,   /* won or lost: the score (beyond_clock () where the 100
                   * half-move rule could draw it first) */
  HELD_DRAWN,     /* neither side can force a win */
} Held;

/* A table win or loss further away than the 100 half-move rule allows
 * from here (wins of up to 167 plies in the tables up to 6-6): the
 * tables know no clock, and the next capture resets it, so such a win is
 * worth more than any draw and less than a win that is sure, and the
 * nearer the better; a loss the other way round.  Far above and below
 * any static value, below the proven scores. */
#define BEYOND_CLOCK 20000

static inline int
beyond_clock (TafelValue value,
              int        plies)
{
  return value == TAFEL_VALUE_WIN ? BEYOND_CLOCK - plies : -(BEYOND_CLOCK - plies);
}

/* A drawn position ranks among draws by its static value, squashed into
 * ±DRAW_BAND (half a stone at most, so a known draw stays below a
 * position the search only believes a stone ahead): which drawn line
 * leaves the opponent the most room to go wrong. */
#define DRAW_BAND 50
#define DRAW_SCALE 300

static inline int
draw_score (int static_value)
{
  return DRAW_BAND * static_value / (ABS (static_value) + DRAW_SCALE);
}

/* The search takes a won or lost score wherever it meets such a
 * position: at its leaves and after captures that enter a table.  A draw
 * is searched on like any position (its subtree is held too), and its
 * leaves score draw_score () -- except while the root still places
 * stones: there the depth is better spent on the placing, where the game
 * is decided, and a line that enters a drawn table ends there.
 * Impossible and analyze use the tables (and at the root they choose the
 * move: see table_root ()); Hard and the weak levels' shallow looks do
 * not. */
static Held
table_value (Search               *S,
             const TafelMillState *s,
             int                   ply,
             int                  *score)
{
  TafelValue value;
  int plies;

  if (!((S->egtb != NULL && tafel_mill_egtb_lookup (S->egtb, s, &value, &plies))
        || (S->small && tafel_mill_small_lookup (s, &value, &plies))))
    return HELD_NOT;
  if (value == TAFEL_VALUE_DRAW)
    return HELD_DRAWN;
  *score = tafel_mill_exact_holds (s, value, plies) ? value_score (value, ply + plies)
                                                    : beyond_clock (value, plies);
  return HELD_DECIDED;
}

static inline TTData
tt_unpack (guint64 word)
{
  TTData d;

  memcpy (&d, &word, sizeof d);
  return d;
}

/* Reads an entry's two words: its data, and the key it was stored under. */
static inline TTData
tt_read (TTEntry *e,
         guint64 *key)
{
  guint64 data = __atomic_load_n (&e->data, __ATOMIC_RELAXED);

  *key = __atomic_load_n (&e->check, __ATOMIC_RELAXED) ^ data;
  return tt_unpack (data);
}

/* The entry of @key in its bucket, into @out; FALSE when there is none. */
static inline gboolean
tt_probe (Search  *S,
          guint64  key,
          TTData  *out)
{
  TTEntry *e = &S->tt[key & S->tt_mask & ~(guint64) 1];

  for (int i = 0; i < 2; i++)
    {
      guint64 stored;
      TTData d = tt_read (&e[i], &stored);

      if (stored == key && d.flag != 0)
        {
          *out = d;
          return TRUE;
        }
    }
  return FALSE;
}

/* Does @e's value count in a position with @clock half-moves since the
 * last placement or removal?  An entry of an earlier search was found
 * under another game history, which the repetition rule makes matter,
 * so it only orders the moves -- unless a placement or removal has just
 * been made: no position before it can come again below it, so its
 * value does not depend on the way the game came here. */
static inline gboolean
tt_value_counts (const Search *S,
                 const TTData *e,
                 guint         clock)
{
  return e->flag >> TT_GEN_SHIFT == S->generation || clock == 0;
}

/* The first entry of a bucket keeps the deepest result of the current
 * search (or replaces one of an earlier search); the second takes
 * everything else.  A deeper entry of an earlier search for a position
 * whose value does not depend on the history (@lasting, see pvs ()) stays
 * first: the shallow iterations of this search would otherwise replace
 * what the last search found. */
static inline void
tt_store (Search          *S,
          guint64          key,
          const TafelMove *move,
          int              score,
          int              depth,
          int              bound,
          gboolean         lasting)
{
  TTEntry *e = &S->tt[key & S->tt_mask & ~(guint64) 1];
  TTEntry *slot = &e[1];
  guint64 first_key, word;
  TTData first = tt_read (&e[0], &first_key);
  TTData d = {
    .move = pack_move (move),
    .score = score,
    .depth = depth,
    .flag = bound | S->generation << TT_GEN_SHIFT,
  };

  if (first_key == key)
    {
      if (!lasting || depth >= first.depth)
        slot = &e[0];
    }
  else if (first.flag >> TT_GEN_SHIFT != S->generation || depth >= first.depth)
    slot = &e[0];
  memcpy (&word, &d, sizeof word);
  __atomic_store_n (&slot->check, key ^ word, __ATOMIC_RELAXED);
  __atomic_store_n (&slot->data, word, __ATOMIC_RELAXED);
}

/* The ends that only some variants have (a mill that wins, a full board
 * that draws): the score of such a finished position in @score. */
static inline gboolean
variant_end (Search               *S,
             const TafelMillState *s,
             int                   ply,
             int                  *score)
{
  int winner;

  if (!(S->t->flags & (TAFEL_MILL_VARIANT_MILL_WINS | TAFEL_MILL_VARIANT_FULL_BOARD_DRAW)))
    return FALSE;
  switch (tafel_mill_status (s, &winner))
    {
    case TAFEL_STATUS_WON:
      *score = winner == s->side ? WIN - ply : -(WIN - ply);
      return TRUE;
    case TAFEL_STATUS_DRAWN:
      *score = 0;
      return TRUE;
    case TAFEL_STATUS_RUNNING:
    default:
      return FALSE;
    }
}

static gboolean
is_closing (const TafelMillState *s,
            const TafelMove      *m)
{
  return tafel_mill_move_removed (s, m) != TAFEL_MILL_NO_POINT;
}

/* ln (depth) * ln (index + 1) / 2, rounded, at least 1 and leaving at
 * least one ply (selfplay, README).  With @whole_moves an odd reduction
 * is made even, up or else down: while placing, the static value leans
 * about half a stone towards the side that placed last, so a search one
 * ply shorter would see the other side's lean and judge a late move by
 * it (README, "Mill strength"). */
/* Are late moves reduced by whole moves in @s (the weight whole-moves:
 * 1 while either side has stones in hand, 2 always)? */
static inline gboolean
whole_moves_here (const TafelMillState *s)
{
  return W.whole_moves >= 2 || (W.whole_moves == 1 && (s->hand[0] | s->hand[1]) > 0);
}

static int
late_move_reduction (int      depth,
                     guint    index,
                     gboolean whole_moves)
{
  static guint8 table[MAX_DEPTH + 1][64];
  static gsize ready;
  int r;

  if (g_once_init_enter (&ready))
    {
      for (int d = 3; d <= MAX_DEPTH; d++)
        for (int i = 1; i < 64; i++)
          table[d][i] = CLAMP ((int) (0.5 + log (d) * log (i + 1) / 2.0), 1, d - 2);
      g_once_init_leave (&ready, 1);
    }
  r = table[MIN (depth, MAX_DEPTH)][MIN (index, 63u)];
  if (whole_moves && (r & 1))
    r += r + 1 <= depth - 2 ? 1 : -1;
  return r;
}

static int
qsearch (Search               *S,
         const TafelMillState *s,
         int                   alpha,
         int                   beta,
         int                   ply,
         int                   qply)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  int scores[TAFEL_MAX_MOVES];
  int stand;
  guint32 ours, theirs, threats[2];   /* [0] the side to move's, [1] the opponent's */
  guint n, k = 0;

  S->nodes++;
  if (poll_stop (S))
    return 0;

  if (tafel_mill_material (s, s->side) < 3)
    return -(WIN - ply);
  if (s->clock >= TAFEL_MILL_DRAW_CLOCK && !s->pending)
    return 0;
  switch (table_value (S, s, ply, &stand))
    {
    case HELD_DECIDED:
      return stand;
    case HELD_DRAWN:
      return draw_score (evaluate (S->t, s, ply, NULL));
    case HELD_NOT:
      break;
    }
  if (variant_end (S, s, ply, &stand))
    return stand;

  stand = evaluate (S->t, s, ply, threats);
  if (stand <= -PROVEN || qply >= QS_PLIES || ply >= MAX_PLY - 1)
    return stand;

  /* The opponent closes next unless this side blocks: standing pat
   * would ignore the stone it is about to lose, so only the blocks are
   * searched, and after them the captures and blocks that follow (a
   * block can open two mills at once, and each capture the next).  While
   * moving, a block is a step: it can leave the blocking stone shut in,
   * or open the point it came from (games against Sanmill's engine,
   * README).  When no stone can step into the threat, the evaluation's
   * penalty for a threat it cannot stop stands. */
  ours = s->pending ? 0 : threats[0];
  theirs = s->pending || ours != 0 || s->stones[s->side ^ 1] == 0 ? 0 : threats[1];
  if (theirs == 0)
    {
      if (stand >= beta)
        return stand;
      if (stand > alpha)
        alpha = stand;
      /* Only mill-closing moves (and pending removals). */
      if (!s->pending && (ours == 0 || s->stones[s->side ^ 1] == 0))
        return stand;
    }

  n = tafel_mill_generate (s, moves);
  for (guint i = 0; i < n; i++)
    if (theirs != 0 ? (theirs & BIT (tafel_mill_move_to (s, &moves[i]))) != 0
        : s->pending || is_closing (s, &moves[i]))
      moves[k++] = moves[i];
  n = k;
  if (n == 0)
    return stand;   /* moving, and no stone can step into the threat */
  score_moves (S, s, moves, n, NULL, ply, threats[1], scores);

  for (guint i = 0; i < n; i++)
    {
      TafelMillState child = *s;
      int v;

      pick (moves, scores, i, n);
      tafel_mill_apply (&child, &moves[i]);
      S->keys[S->root_index + ply + 1] = child.key;
      v = -qsearch (S, &child, -beta, -alpha, ply + 1, qply + 1);
      if (S->stop)
        return 0;
      if (v > alpha)
        {
          alpha = v;
          if (alpha >= beta)
            break;
        }
    }

  return alpha;
}

/* Enhanced transposition cut-off: many move orders lead to the same
 * position (while placing, every order of the same placements), so a
 * child the table already holds as bad enough for the opponent ends the
 * search of a position before any move is searched.  The children's
 * entries count as pvs () would count them there: a draw by repetition
 * or by the 100 half-move rule is not in the table, and an entry of an
 * earlier search only after a placement or removal.  The children's keys
 * come first and the probes after them, so that the probes' cache misses
 * overlap (one probe after each key saved as many nodes but no time in
 * moving positions: README, "Mill strength").  On a cut-off the move and
 * its score are in @move and @score. */
static gboolean
child_cutoff (Search               *S,
              const TafelMillState *s,
              const TafelMove      *moves,
              guint                 n,
              int                   depth,
              int                   beta,
              int                   ply,
              guint                *move,
              int                  *score)
{
  guint64 keys[TAFEL_MAX_MOVES];
  guint8 clocks[TAFEL_MAX_MOVES];

  for (guint i = 0; i < n; i++)
    {
      TafelMillState child = *s;

      tafel_mill_apply (&child, &moves[i]);
      keys[i] = child.key;
      clocks[i] = child.clock;
      if (child.clock != 0)
        {
          S->keys[S->root_index + ply + 1] = child.key;
          if (child.clock >= TAFEL_MILL_DRAW_CLOCK || is_repetition (S, &child, ply + 1))
            keys[i] = 0;
        }
    }
  for (guint i = 0; i < n; i++)
    {
      TTData e;
      int v, bound;

      if (keys[i] == 0 || !tt_probe (S, keys[i], &e) || e.depth < depth - 1
          || !tt_value_counts (S, &e, clocks[i]))
        continue;
      bound = TT_BOUND (e.flag);
      v = -score_from_tt (e.score, ply + 1);
      if ((bound == TT_EXACT || bound == TT_UPPER) && v >= beta)
        {
          *move = i;
          *score = v;
          return TRUE;
        }
    }
  return FALSE;
}

static int
pvs (Search               *S,
     const TafelMillState *s,
     int                   depth,
     int                   alpha,
     int                   beta,
     int                   ply,
     gboolean              is_pv,
     TafelMove            *best_out)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  int scores[TAFEL_MAX_MOVES];
  TafelMove best_move = { 0 };
  TafelMove tt_move = { 0 };
  gboolean have_tt_move = FALSE;
  TTData e;
  int best = -INF;
  int alpha0 = alpha;
  guint n;

  if (tafel_mill_material (s, s->side) < 3)
    return -(WIN - ply);
  if (tafel_mill_material (s, s->side ^ 1) < 3)
    return WIN - ply;
  if (variant_end (S, s, ply, &best))
    return best;
  if (ply > 0 && !s->pending)
    {
      if (s->clock >= TAFEL_MILL_DRAW_CLOCK || is_repetition (S, s, ply))
        return 0;
      switch (table_value (S, s, ply, &best))
        {
        case HELD_DECIDED:
          return best;
        case HELD_DRAWN:
          if (depth <= 0 || S->draws_end)
            return draw_score (evaluate (S->t, s, ply, NULL));
          break;
        case HELD_NOT:
          break;
        }
    }
  if (depth <= 0)
    return qsearch (S, s, alpha, beta, ply, 0);

  S->nodes++;
  if (poll_stop (S))
    return 0;
  if (ply >= MAX_PLY - 1)
    return evaluate (S->t, s, ply, NULL);

  /* Mate distance pruning. */
  alpha = MAX (alpha, -(WIN - ply));
  beta = MIN (beta, WIN - ply - 1);
  if (alpha >= beta)
    return alpha;

  if (tt_probe (S, s->key, &e))
    {
      tt_move = unpack_move (e.move);
      have_tt_move = tt_move.len > 0;
      if (ply > 0 && e.depth >= depth && !is_pv && tt_value_counts (S, &e, s->clock))
        {
          int v = score_from_tt (e.score, ply);
          int bound = TT_BOUND (e.flag);

          if (bound == TT_EXACT
              || (bound == TT_LOWER && v >= beta)
              || (bound == TT_UPPER && v <= alpha))
            return v;
        }
    }

  if (ply == 0 && S->root_moves != NULL)
    {
      n = S->n_root_moves;
      memcpy (moves, S->root_moves, n * sizeof *moves);
    }
  else
    n = tafel_mill_generate (s, moves);
  if (n == 0)
    return -(WIN - ply);   /* blocked in the moving phase */

  if (depth >= 2 && !is_pv && !s->pending && !(S->flags & TAFEL_MILL_SEARCH_NO_CHILD_CUTOFFS))
    {
      guint cut;

      if (child_cutoff (S, s, moves, n, depth, beta, ply, &cut, &best))
        {
          tt_store (S, s->key, &moves[cut], score_to_tt (best, ply), depth, TT_LOWER,
                    s->clock == 0);
          return best;
        }
    }

  score_moves (S, s, moves, n, have_tt_move ? &tt_move : NULL, ply,
               threat_points (S->t, s, s->side ^ 1), scores);

  for (guint i = 0; i < n; i++)
    {
      TafelMillState child = *s;
      int v;
      int reduction = 0;

      pick (moves, scores, i, n);
      tafel_mill_apply (&child, &moves[i]);
      S->keys[S->root_index + ply + 1] = child.key;

      /* Late quiet moves are searched shallower first: the later and
       * the deeper, the more. */
      if (depth >= 3 && i >= 4 && scores[i] < (1 << 24) && !is_pv
          && !(S->flags & TAFEL_MILL_SEARCH_NO_REDUCTIONS))
        reduction = late_move_reduction (depth, i, whole_moves_here (s));

      if (i == 0)
        v = -pvs (S, &child, depth - 1, -beta, -alpha, ply + 1, is_pv, NULL);
      else
        {
          v = -pvs (S, &child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, FALSE, NULL);
          if (v > alpha && reduction > 0)
            v = -pvs (S, &child, depth - 1, -alpha - 1, -alpha, ply + 1, FALSE, NULL);
          if (v > alpha && v < beta)
            v = -pvs (S, &child, depth - 1, -beta, -alpha, ply + 1, TRUE, NULL);
        }
      if (S->stop)
        return 0;

      if (v > best)
        {
          best = v;
          best_move = moves[i];
          if (ply == 0 && best_out != NULL && v > alpha)
            *best_out = moves[i];
        }
      if (v > alpha)
        alpha = v;
      if (alpha >= beta)
        {
          if (!is_closing (s, &moves[i]) && !s->pending && ply < MAX_PLY)
            {
              int bonus = MIN (depth * depth, 1024);

              if (!move_eq (&moves[i], &S->killers[ply][0]))
                {
                  S->killers[ply][1] = S->killers[ply][0];
                  S->killers[ply][0] = moves[i];
                }
              history_update (S, s, &moves[i], bonus);
              for (guint j = 0; j < i; j++)
                if (!is_closing (s, &moves[j]))
                  history_update (S, s, &moves[j], -bonus);
            }
          break;
        }
    }

  tt_store (S, s->key, &best_move, score_to_tt (best, ply), depth,
            best >= beta ? TT_LOWER : best > alpha0 ? TT_EXACT : TT_UPPER,
            s->clock == 0);

  return best;
}

struct _TafelMillSearcher {
  Search S;
  TTEntry *tt;
  guint64 tt_mask;
  guint8 generation;
  guint64 nodes;          /* of every search so far; read atomically */
  TafelMillPlacing *placing;   /* made at the first placing it can solve, as
                                * many entries as tt (the same bytes) */
};

static gsize max_table_bytes;

void
tafel_mill_searcher_set_max_bytes (gsize max_bytes)
{
  max_table_bytes = max_bytes;
}

gsize
tafel_mill_searcher_table_bytes (TafelMillSearcher *searcher)
{
  return (searcher->tt_mask + 1) * sizeof (TTEntry);
}

/**
 * tafel_mill_searcher_new_full:
 * @tt_bits: the transposition table holds 2^@tt_bits entries of 16 bytes
 *
 * A search that keeps its transposition table from one move to the next.
 * When the table cannot be allocated, the largest smaller one that can
 * (down to 2^TAFEL_MILL_TT_MIN_BITS entries), with a message saying so.
 *
 * Returns: (nullable): the searcher, or %NULL with @error when not even
 *   the smallest table can be allocated
 */
TafelMillSearcher *
tafel_mill_searcher_new_full (guint    tt_bits,
                              GError **error)
{
  g_autofree TafelMillSearcher *searcher = g_try_new0 (TafelMillSearcher, 1);
  guint want = CLAMP (tt_bits, TAFEL_MILL_TT_MIN_BITS, 30);

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (searcher != NULL)
    for (tt_bits = want; tt_bits >= TAFEL_MILL_TT_MIN_BITS; tt_bits--)
      {
        gsize bytes = ((gsize) 1 << tt_bits) * sizeof (TTEntry);

        if (max_table_bytes == 0 || bytes <= max_table_bytes)
          searcher->tt = g_try_malloc (bytes);
        if (searcher->tt != NULL)
          break;
      }

  if (searcher == NULL || searcher->tt == NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOMEM,
                   /* Translators: a size in KiB */
                   _("Cannot allocate even the smallest Mill table (%u KiB)"),
                   (guint) ((sizeof (TTEntry) << TAFEL_MILL_TT_MIN_BITS) >> 10));
      return NULL;
    }
  if (tt_bits < want)
    g_message ("The Mill table of %" G_GSIZE_FORMAT " KiB could not be allocated; "
               "the search uses one of %" G_GSIZE_FORMAT " KiB",
               (sizeof (TTEntry) << want) >> 10, (sizeof (TTEntry) << tt_bits) >> 10);

  searcher->tt_mask = ((guint64) 1 << tt_bits) - 1;
  /* Cleared here, so that the kernel's work of giving the pages falls
   * outside the first searches' time. */
  tafel_advise_huge_pages (searcher->tt, sizeof (TTEntry) << tt_bits);
  memset (searcher->tt, 0, sizeof (TTEntry) << tt_bits);
  return g_steal_pointer (&searcher);
}

/**
 * tafel_mill_searcher_new:
 *
 * tafel_mill_searcher_new_full() for callers that cannot go on without
 * a table: aborts when not even the smallest can be allocated.
 */
TafelMillSearcher *
tafel_mill_searcher_new (guint tt_bits)
{
  g_autoptr(GError) error = NULL;
  TafelMillSearcher *searcher = tafel_mill_searcher_new_full (tt_bits, &error);

  if (searcher == NULL)
    g_error ("%s", error->message);
  return searcher;
}

guint64
tafel_mill_searcher_nodes (TafelMillSearcher *searcher)
{
  g_return_val_if_fail (searcher != NULL, 0);

  return __atomic_load_n (&searcher->nodes, __ATOMIC_RELAXED);
}

/* Adds the nodes of the search just done to @searcher's count. */
static void
count_nodes (TafelMillSearcher *searcher)
{
  __atomic_store_n (&searcher->nodes, searcher->nodes + searcher->S.nodes, __ATOMIC_RELAXED);
}

void
tafel_mill_searcher_free (TafelMillSearcher *searcher)
{
  if (searcher == NULL)
    return;
  tafel_mill_placing_free (searcher->placing);
  g_free (searcher->tt);
  g_free (searcher);
}

/* Forgets every position (a new game). */
void
tafel_mill_searcher_clear (TafelMillSearcher *searcher)
{
  g_return_if_fail (searcher != NULL);

  memset (searcher->tt, 0, (searcher->tt_mask + 1) * sizeof (TTEntry));
  searcher->generation = 0;
}

static Search *
search_init (TafelMillSearcher  *searcher,
             const TafelState   *state,
             const TafelHistory *history)
{
  Search *S = &searcher->S;
  const TafelMillState *s = TAFEL_MILL_CSTATE (state);
  gsize keep = 0;

  memset (S, 0, sizeof *S);
  S->t = tafel_mill_state_tables (s);
  S->tt = searcher->tt;
  S->tt_mask = searcher->tt_mask;
  /* Entries of earlier searches stay usable, but give way first.  The
   * generation has 6 bits: before it comes round again, the table is
   * cleared, or an entry of 63 searches ago would count as this one's. */
  if (searcher->generation == (1 << (8 - TT_GEN_SHIFT)) - 1)
    tafel_mill_searcher_clear (searcher);
  searcher->generation++;
  S->generation = searcher->generation;

  if (history != NULL && history->hashes != NULL)
    keep = MIN (history->n, (gsize) HIST_KEEP);
  for (gsize i = 0; i < keep; i++)
    S->keys[i] = history->hashes[history->n - keep + i];
  S->root_index = keep;
  S->keys[keep] = s->key;

  return S;
}

/* Halves the history scores between searches of the same game tree. */
static void
age_history (Search *S)
{
  for (int a = 0; a < 2; a++)
    for (int b = 0; b <= TAFEL_MILL_POINTS; b++)
      for (int c = 0; c < TAFEL_MILL_POINTS; c++)
        S->history[a][b][c] /= 2;
}

/* Restricts @moves to those a careful player never overlooks: a mill that
 * can be closed, else moves after which the opponent cannot close one (or,
 * when none exists, that at least occupy a point it threatens). */
static guint
safety_filter (const TafelMillState *s,
               TafelMove            *moves,
               guint                 n)
{
  const TafelMillTables *t = tafel_mill_state_tables (s);
  guint k = 0;

  if (s->pending)
    return n;

  for (guint i = 0; i < n; i++)
    if (is_closing (s, &moves[i]))
      moves[k++] = moves[i];
  if (k > 0)
    return k;

  if (threat_points (t, s, s->side ^ 1) == 0)
    return n;

  for (guint i = 0; i < n; i++)
    {
      TafelMillState child = *s;

      tafel_mill_apply (&child, &moves[i]);
      if (threat_points (t, &child, child.side) == 0)
        moves[k++] = moves[i];
    }
  if (k > 0)
    return k;

  {
    guint32 threats = threat_points (t, s, s->side ^ 1);

    for (guint i = 0; i < n; i++)
      if (threats & BIT (tafel_mill_move_to (s, &moves[i])))
        moves[k++] = moves[i];
  }
  return k > 0 ? k : n;
}

/* Every best move of a position the endgame tables or a variant solved
 * whole decide (see tafel_mill_egtb_root_moves ()). */
static guint
exact_root_moves (const TafelMillState *s,
                  const TafelHistory   *history,
                  TafelMove            *best,
                  TafelValue           *value,
                  int                  *plies)
{
  guint k = tafel_mill_egtb_root_moves (tafel_mill_egtb_get_default (), s, history,
                                        best, value, plies);

  return k > 0 ? k : tafel_mill_small_root_moves (s, history, best, value, plies);
}

/* ---- threads ---- */

/* A thread that searches the same root as the caller's, deeper by one
 * ply every other helper, and fills the shared table for it: the
 * caller's iterations find the helpers' results there (a "lazy" parallel
 * search).  Only the caller's thread chooses the move. */
typedef struct {
  Search S;
  TafelMillState root;
  TafelMove moves[TAFEL_MAX_MOVES];
  guint id;
  GThread *thread;
} Helper;

static gpointer
helper_main (gpointer data)
{
  Helper *h = data;
  Search *S = &h->S;

  for (int depth = 1 + h->id % 2; depth <= MAX_DEPTH && !S->stop; depth++)
    {
      age_history (S);
      pvs (S, &h->root, depth, -INF, INF, 0, TRUE, NULL);
    }
  __atomic_store_n (&S->published, S->nodes, __ATOMIC_RELAXED);
  return NULL;
}

/* Starts @n helpers for the search @S of @root (set up, about to begin);
 * each tries the root moves in an order of its own. */
static Helper *
helpers_start (const Search         *S,
               const TafelMillState *root,
               gint                 *abort,
               guint                 n)
{
  Helper *helpers = g_new0 (Helper, n);

  for (guint i = 0; i < n; i++)
    {
      Helper *h = &helpers[i];
      guint k = S->n_root_moves;

      h->S = *S;
      h->S.abort = abort;
      h->S.cancellable = NULL;   /* the caller's thread watches it */
      h->S.max_nodes = 0;
      h->root = *root;
      h->id = i + 1;
      for (guint j = 0; j < k; j++)
        h->moves[j] = S->root_moves[(j + h->id) % k];
      h->S.root_moves = h->moves;
      h->thread = g_thread_try_new ("tafel-mill-helper", helper_main, h, NULL);
    }
  return helpers;
}

/* Stops and joins the helpers; returns the nodes they searched. */
static guint64
helpers_finish (Helper *helpers,
                guint   n,
                gint   *abort)
{
  guint64 nodes = 0;

  g_atomic_int_set (abort, 1);
  for (guint i = 0; i < n; i++)
    if (helpers[i].thread != NULL)
      {
        g_thread_join (helpers[i].thread);
        nodes += helpers[i].S.nodes;
      }
  g_free (helpers);
  return nodes;
}

/* The nodes of the caller's search and of its running helpers. */
static guint64
nodes_so_far (const Search *S,
              Helper       *helpers,
              guint         n)
{
  guint64 nodes = S->nodes;

  for (guint i = 0; i < n; i++)
    nodes += __atomic_load_n (&helpers[i].S.published, __ATOMIC_RELAXED);
  return nodes;
}

/* In a solved endgame (or a variant solved whole) the tables choose: a
 * quickest win or a longest loss (TRUE, in @result); a draw narrows
 * @moves to the drawing moves and leaves the choice among them to the
 * search (FALSE). */
static gboolean
table_root (const TafelMillState  *s,
            const TafelHistory    *history,
            TafelMove             *moves,
            guint                 *n,
            GRand                 *rand,
            TafelMillSearchResult *result)
{
  TafelValue value;
  int plies;
  guint k = exact_root_moves (s, history, moves, &value, &plies);

  if (k == 0)
    return FALSE;
  if (value == TAFEL_VALUE_DRAW)
    {
      *n = k;
      return FALSE;
    }

  result->best = moves[rand != NULL ? g_rand_int_range (rand, 0, k) : 0];
  result->score = value_score (value, plies);
  result->proven = TRUE;
  result->plies = plies;
  result->depth = plies;
  return TRUE;
}

/* The best value proven among @values: TAFEL_VALUE_WIN, else
 * TAFEL_VALUE_DRAW, else TAFEL_VALUE_UNKNOWN (every solved move lost). */
static TafelValue
best_proven (const TafelValue *values,
             guint             n)
{
  TafelValue best = TAFEL_VALUE_UNKNOWN;

  for (guint i = 0; i < n; i++)
    if (values[i] == TAFEL_VALUE_WIN
        || (values[i] == TAFEL_VALUE_DRAW && best != TAFEL_VALUE_WIN))
      best = values[i];
  return best;
}

/* While placing, with tables for every end of the placing: the placing
 * solver's values of the root moves, the move an earlier search liked
 * first, as many as it solves in half of @budget_us from @start or in
 * @max_nodes.  Where that proves moves lost and none won or drawn, it
 * goes on with the rest up to 7/8 of the time (or @max_nodes more): a
 * move it has not reached may lose (a game against Sanmill's engine was
 * lost so, the search's choice where 8 of 17 moves lost), and the search
 * needs little time to choose among moves known to be safe.  Where it
 * solved no move at all, early in the placing, the search keeps its half.
 *
 * The root keeps the moves of the best value proven: the won ones, else
 * the drawn ones, even while others are unsolved (one of them may win,
 * but none of these loses, and the next move's solve finds the proof of
 * the draw in the solver's table); where every move solved is lost it
 * keeps the unsolved ones, and where every move is lost all of them (the
 * search then finds the longest resistance).  FALSE when it solves no
 * move. */
static gboolean
placing_root (TafelMillSearcher     *searcher,
              Search                *S,
              const TafelMillEgtb   *egtb,
              const TafelMillState  *s,
              TafelMove             *moves,
              guint                 *n,
              gint64                 start,
              gint64                 budget_us,
              guint64                max_nodes,
              GCancellable          *cancellable,
              TafelMillSearchResult *result)
{
  TafelValue values[TAFEL_MAX_MOVES], keep;
  TTData e;
  guint k = 0;
  guint64 more_nodes = 0;

  if (!tafel_mill_placing_solvable (egtb, s))
    return FALSE;
  if (searcher->placing == NULL)
    searcher->placing = tafel_mill_placing_new (g_bit_storage (searcher->tt_mask));
  if (searcher->placing == NULL)
    return FALSE;

  if (tt_probe (S, s->key, &e))
    {
      TafelMove first = unpack_move (e.move);

      for (guint i = 1; i < *n; i++)
        if (move_eq (&moves[i], &first))
          {
            moves[i] = moves[0];
            moves[0] = first;
            break;
          }
    }

  result->solved_moves = tafel_mill_placing_solve (searcher->placing, egtb, s, moves, *n, values,
                                                   budget_us > 0 ? start + budget_us / 2 : 0,
                                                   max_nodes, cancellable,
                                                   &result->solver_nodes);
  if (result->solved_moves > 0 && result->solved_moves < *n
      && best_proven (values, result->solved_moves) == TAFEL_VALUE_UNKNOWN)
    {
      guint solved = result->solved_moves;

      result->solved_moves += tafel_mill_placing_solve (searcher->placing, egtb, s, moves + solved,
                                                        *n - solved, values + solved,
                                                        budget_us > 0 ? start + budget_us * 7 / 8 : 0,
                                                        max_nodes, cancellable, &more_nodes);
      result->solver_nodes += more_nodes;
    }
  if (result->solved_moves == 0)
    return FALSE;

  keep = best_proven (values, *n);
  for (guint i = 0; i < *n; i++)
    result->lost_moves += values[i] == TAFEL_VALUE_LOSS;
  result->solved = keep == TAFEL_VALUE_WIN ? TAFEL_VALUE_WIN
                   : result->solved_moves < *n ? TAFEL_VALUE_UNKNOWN
                   : keep == TAFEL_VALUE_DRAW ? TAFEL_VALUE_DRAW : TAFEL_VALUE_LOSS;
  if (result->lost_moves == *n)
    return TRUE;
  /* the moves of the kept value (TAFEL_VALUE_UNKNOWN: those not reached) */
  for (guint i = 0; i < *n; i++)
    if (values[i] == keep)
      moves[k++] = moves[i];
  *n = k;
  return TRUE;
}

/* The opening book's move at the root (see tafel-mill-book.h), with the
 * book's score and depth. */
static gboolean
book_root (const TafelMillState        *s,
           const TafelMillSearchLimits *limits,
           TafelMillSearchResult       *result)
{
  TafelMillBookEntry entry;

  if (!(limits->flags & TAFEL_MILL_SEARCH_BOOK)
      || !tafel_mill_book_lookup (tafel_mill_book_get_default (), s, &entry))
    return FALSE;

  result->best = entry.move;
  result->score = entry.score;
  result->depth = entry.depth;
  result->pv[0] = entry.move;
  result->pv_len = 1;
  if (limits->progress != NULL)
    limits->progress (result, limits->progress_data);
  return TRUE;
}

gboolean
tafel_mill_search (const TafelState             *state,
                   const TafelHistory           *history,
                   const TafelMillSearchLimits  *limits,
                   GRand                        *rand,
                   GCancellable                 *cancellable,
                   TafelMillSearchResult        *result)
{
  g_autoptr(TafelMillSearcher) searcher = tafel_mill_searcher_new (TAFEL_MILL_TT_BITS);

  return tafel_mill_searcher_run (searcher, state, history, limits, rand, cancellable, result);
}

/* The line an iteration expects, read back from the table into @pv:
 * from @root, @best, then in each position the move stored for it while
 * that move is legal there, at most @depth moves, ending at the end of
 * the game or at a repetition.  Returns its length. */
static guint
table_pv (Search               *S,
          const TafelMillState *root,
          const TafelMove      *best,
          guint                 depth,
          TafelMove            *pv)
{
  TafelMillState s = *root;
  TafelMove moves[TAFEL_MAX_MOVES];
  guint64 seen[TAFEL_MILL_PV_MAX + 1];
  TafelMove m = *best;
  guint len = 0;

  seen[0] = s.key;
  while (len < MIN (depth, TAFEL_MILL_PV_MAX) && m.len > 0)
    {
      guint n = tafel_mill_generate (&s, moves);
      gboolean legal = FALSE;
      TTData e;

      for (guint i = 0; i < n && !legal; i++)
        legal = move_eq (&moves[i], &m);
      if (!legal)
        break;
      pv[len++] = m;
      tafel_mill_apply (&s, &m);
      for (guint i = 0; i < len; i++)
        if (seen[i] == s.key)
          return len;
      seen[len] = s.key;
      if (tafel_mill_material (&s, 0) < 3 || tafel_mill_material (&s, 1) < 3
          || !tt_probe (S, s.key, &e))
        break;
      m = unpack_move (e.move);
    }
  return len;
}

gboolean
tafel_mill_searcher_run (TafelMillSearcher            *searcher,
                         const TafelState             *state,
                         const TafelHistory           *history,
                         const TafelMillSearchLimits  *limits,
                         GRand                        *rand,
                         GCancellable                 *cancellable,
                         TafelMillSearchResult        *result)
{
  Search *S;
  const TafelMillState *s = TAFEL_MILL_CSTATE (state);
  TafelMove moves[TAFEL_MAX_MOVES], all[TAFEL_MAX_MOVES];
  const TafelMillEgtb *egtb;   /* NULL without tables, or when they failed to load */
  gboolean tables, solved;
  gint64 start;
  guint n, n_all;
  guint max_depth;
  Helper *helpers = NULL;
  guint n_helpers = 0;
  gint abort = 0;

  g_return_val_if_fail (searcher != NULL, FALSE);
  g_return_val_if_fail (state != NULL && limits != NULL && result != NULL, FALSE);

  /* The endgame tables are read and checked at the first search that
   * uses them, which is not the move's time to pay. */
  tables = !(limits->flags & TAFEL_MILL_SEARCH_NO_TABLES);
  egtb = tables ? tafel_mill_egtb_get_default () : NULL;
  start = g_get_monotonic_time ();

  memset (result, 0, sizeof *result);
  n = tafel_mill_rules.legal_moves (state, moves);
  if (n == 0)
    return FALSE;

  if ((tables && table_root (s, history, moves, &n, rand, result))
      || book_root (s, limits, result))
    {
      result->elapsed_us = g_get_monotonic_time () - start;
      return !(cancellable != NULL && g_cancellable_is_cancelled (cancellable));
    }

  S = search_init (searcher, state, history);
  solved = (limits->flags & TAFEL_MILL_SEARCH_SOLVE_PLACING)
           && (limits->budget_us > 0 || limits->placing_nodes > 0)
           && placing_root (searcher, S, egtb, s, moves, &n, start, limits->budget_us,
                            limits->placing_nodes, cancellable, result);

  /* The safety rule (see safety_filter) keeps a shallow search from
   * overlooking a mill; but once a side flies, closing a mill can lose
   * where a block draws (a game against Sanmill's engine, 3 stones
   * against 4), and a search sees those short lines better than the
   * rule: it then chooses alone.  A deep search weighs every move: taking
   * a stone can lose to a block (after g7 d3 f4 b4 d6 d2 d1 c4 a4 b6 b2
   * d7 g4 e4 g1xe4 e4, every capture by a1 is lost, f2 is not), and a
   * block can walk into one (after a1 b6 d6 f4 b4 d2 g1 d1 d3 e4 g4 g7 d7
   * d5 c3 e3 the block e5 is lost, a4 is not): both from games against
   * Sanmill's engine. */
  n_all = n;
  memcpy (all, moves, n * sizeof moves[0]);
  if (!solved && (limits->flags & TAFEL_MILL_SEARCH_SAFETY_RULE)
      && !flies (tafel_mill_state_tables (s), s, 0)
      && !flies (tafel_mill_state_tables (s), s, 1))
    n = safety_filter (s, moves, n);

  /* Equal moves are tried in random order, so the strong levels vary
   * their play among moves of the same value. */
  if (rand != NULL)
    for (guint i = n; i > 1; i--)
      {
        guint j = g_rand_int_range (rand, 0, i);
        TafelMove m = moves[i - 1];

        moves[i - 1] = moves[j];
        moves[j] = m;
      }

  S->root_moves = moves;
  S->n_root_moves = n;
  S->cancellable = cancellable;
  S->flags = limits->flags;
  S->egtb = egtb;
  S->small = tables && tafel_mill_small_solves (s->variant);
  S->draws_end = s->hand[0] != 0 || s->hand[1] != 0;
  S->deadline = limits->budget_us > 0 ? start + limits->budget_us : 0;
  S->max_nodes = limits->max_nodes;
  max_depth = CLAMP (limits->max_depth, 1, MAX_DEPTH);
  /* A forced move needs no long thought, only a value.  (A move the
   * rule above left alone is searched on: it may prove the rule wrong.) */
  if (n_all == 1)
    max_depth = MIN (max_depth, 6);

  result->best = moves[0];
  result->score = 0;

  if (limits->threads > 1 && max_depth > 1)
    {
      n_helpers = MIN (limits->threads - 1, MAX_HELPERS);
      helpers = helpers_start (S, s, &abort, n_helpers);
    }

  for (guint depth = 1; depth <= max_depth; depth++)
    {
      TafelMove best = { 0 };
      int v;

      age_history (S);
      v = pvs (S, s, depth, -INF, INF, 0, TRUE, &best);
      if (S->stop)
        {
          /* A partial iteration still gives a move when it found one
           * better than the last iteration's. */
          if (best.len > 0 && depth > 1 && !tafel_move_equal (&best, &result->best))
            result->best = best;
          break;
        }

      if (best.len > 0)
        result->best = best;
      result->score = v;
      result->depth = depth;

      /* The rule's moves all lose: the search chooses among every move
       * (a game against Sanmill's engine: the only block left lost in
       * 10 plies where another placement held).  From depth 1 again,
       * with what the table learnt. */
      if (v < -PROVEN && n < n_all)
        {
          memcpy (moves, all, n_all * sizeof moves[0]);
          n = n_all;
          S->n_root_moves = n;
          depth = 0;
          continue;
        }

      /* A loss is proven only when no root move was left out. */
      result->proven = v > PROVEN || (v < -PROVEN && n == n_all);
      result->plies = result->proven ? WIN - ABS (v) : 0;

      if (limits->progress != NULL)
        {
          result->pv_len = table_pv (S, s, &result->best, depth, result->pv);
          result->nodes = nodes_so_far (S, helpers, n_helpers);
          result->elapsed_us = g_get_monotonic_time () - start;
          limits->progress (result, limits->progress_data);
        }

      /* Nothing deeper can change a proven result except a shorter one;
       * stop once the distance is within reach. */
      if (result->proven && (int) depth >= result->plies)
        break;

      /* Another iteration while time is left: an unfinished one still
       * counts when it found a better move (see above). */
      if (S->deadline != 0 && g_get_monotonic_time () - start > (S->deadline - start) * W.time_percent / 100)
        break;
    }

  if (result->depth == 0)
    {
      /* Not even one ply completed (cancelled at once): a legal move. */
      result->best = moves[0];
    }

  if (helpers != NULL)
    S->nodes += helpers_finish (helpers, n_helpers, &abort);
  result->nodes = S->nodes;
  result->elapsed_us = g_get_monotonic_time () - start;
  count_nodes (searcher);

  return !(cancellable != NULL && g_cancellable_is_cancelled (cancellable));
}

/* ---- levels ---- */

/* Every root move's value at a fixed shallow depth, in @searcher's
 * table (a small one: the look is shallow). */
static void
root_values (TafelMillSearcher  *searcher,
             const TafelState   *state,
             const TafelHistory *history,
             guint               depth,
             GCancellable       *cancellable,
             TafelMove          *moves,
             guint               n,
             int                *values)
{
  const TafelMillState *s = TAFEL_MILL_CSTATE (state);
  Search *S = search_init (searcher, state, history);

  S->cancellable = cancellable;
  for (guint i = 0; i < n; i++)
    {
      TafelMillState child = *s;

      tafel_mill_apply (&child, &moves[i]);
      S->keys[S->root_index + 1] = child.key;
      values[i] = -pvs (S, &child, depth - 1, -INF, INF, 1, TRUE, NULL);
      if (S->stop)
        values[i] = 0;
    }
  count_nodes (searcher);
}

/* A weak level: with @random_percent chance any candidate, otherwise a
 * shallow look at every candidate, then a random choice among those
 * within @margin of the best.  Candidates always pass safety_filter. */
static gboolean
choose_weak (TafelMillSearcher  *searcher,
             const TafelState   *state,
             const TafelHistory *history,
             guint               depth,
             int                 margin,
             guint               random_percent,
             GRand              *rand,
             GCancellable       *cancellable,
             TafelMove          *move)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  int values[TAFEL_MAX_MOVES];
  guint n = tafel_mill_rules.legal_moves (state, moves);
  guint k = 0;
  int best = -INF;

  if (n == 0)
    return FALSE;

  n = safety_filter (TAFEL_MILL_CSTATE (state), moves, n);
  if ((guint) g_rand_int_range (rand, 0, 100) < random_percent)
    {
      *move = moves[g_rand_int_range (rand, 0, n)];
      return !(cancellable != NULL && g_cancellable_is_cancelled (cancellable));
    }
  if (searcher == NULL)
    return FALSE;
  root_values (searcher, state, history, depth, cancellable, moves, n, values);
  if (cancellable != NULL && g_cancellable_is_cancelled (cancellable))
    return FALSE;

  for (guint i = 0; i < n; i++)
    best = MAX (best, values[i]);
  for (guint i = 0; i < n; i++)
    if (values[i] >= best - margin && (values[i] > -PROVEN || best <= -PROVEN))
      moves[k++] = moves[i];

  *move = moves[g_rand_int_range (rand, 0, k)];
  return TRUE;
}

/* Impossible and the analysis search on every core, up to four: each
 * doubling of the threads is worth about a ply (README, "Mill
 * strength"). */
static guint
strong_threads (void)
{
  return CLAMP (g_get_num_processors (), 1, 4);
}

/* The levels search in @player's tables (see TafelMillPlayer): the
 * weak levels' shallow looks in its small one, the others in its large
 * one; a temporary player where the caller has none.  FALSE where the
 * player has no table at all (it said so). */
gboolean
tafel_mill_choose_move (TafelPlayer        *player,
                        const TafelState   *state,
                        const TafelHistory *history,
                        TafelLevel          level,
                        GRand              *rand,
                        GCancellable       *cancellable,
                        TafelMove          *move)
{
  g_autoptr(TafelPlayer) own = NULL;
  TafelMillSearchLimits limits = { 0 };
  TafelMillSearchResult result;
  TafelMillSearcher *searcher;

  g_return_val_if_fail (state != NULL && rand != NULL && move != NULL, FALSE);

  if (player == NULL)
    player = own = tafel_mill_player_new ();

  switch (level)
    {
    case TAFEL_LEVEL_RELAXED:
      return choose_weak (tafel_mill_player_get_look (player),
                          state, history, 1, 60, 30, rand, cancellable, move);
    case TAFEL_LEVEL_MEDIUM:
      return choose_weak (tafel_mill_player_get_look (player),
                          state, history, 2, 15, 0, rand, cancellable, move);
    case TAFEL_LEVEL_HARD:
      limits.max_depth = 4;
      limits.budget_us = 250 * 1000;
      limits.flags = TAFEL_MILL_SEARCH_NO_TABLES | TAFEL_MILL_SEARCH_SAFETY_RULE;
      break;
    case TAFEL_LEVEL_IMPOSSIBLE:
    default:
      limits.max_depth = MAX_DEPTH;
      limits.budget_us = 1000 * 1000;
      limits.threads = strong_threads ();
      limits.flags = TAFEL_MILL_SEARCH_BOOK | TAFEL_MILL_SEARCH_SOLVE_PLACING;
      break;
    }

  searcher = tafel_mill_player_get_searcher (player);
  if (searcher == NULL ||
      !tafel_mill_searcher_run (searcher, state, history, &limits, rand, cancellable, &result))
    return FALSE;

  *move = result.best;
  return TRUE;
}

/* ---- thinking on the opponent's time ---- */

/* The opponent's moves are taken in the order of a look this deep. */
#define PONDER_LOOK_DEPTH 4
/* The time on each of them: this long in the first round, twice as long
 * in each next one, up to the last. */
#define PONDER_FIRST_US (G_USEC_PER_SEC / 4)
#define PONDER_LAST_US (4 * G_USEC_PER_SEC)

/**
 * tafel_mill_ponder_within:
 * @player: the player whose table keeps what is found
 * @state: a position where the opponent is to move
 * @history: the positions before it
 * @limits: the search of each position the opponent's moves lead to
 * @last_us: with a time budget in @limits, the rounds go on, each with
 *   twice the time of the last, up to this budget
 * @cancellable: (nullable): stops the pondering
 *
 * Searches each position the opponent's moves lead to, within @limits,
 * just as Impossible will search there once the opponent has moved: its
 * best moves first, as a shallow look orders them.  All of them a little
 * first, then each deeper in the next round: the positions after
 * different placements share much (the same stones placed in another
 * order), and a person need not make the move the look expects (in 12 M
 * nodes, 0.75 M for each of the 16 moves after `e4 e3 d1 d6 g1 a1 g4 f4
 * g7xf4` saved 42 % of the nodes of an 11-ply search after each, on
 * average; 4 M for three of them 18 %; 12 M on the position itself cost
 * 56 % more, all but after its best move).  What the searches
 * find stays in @player's table, so that after a move pondered on,
 * Impossible's search goes on from there.  Only the opponent's
 * placements and mills are pondered on: after a step, the positions
 * before it can come again, so a search's values there depend on the
 * way the game goes on, and would only order the next search's moves.
 */
void
tafel_mill_ponder_within (TafelPlayer                 *player,
                          const TafelState            *state,
                          const TafelHistory          *history,
                          const TafelMillSearchLimits *limits,
                          gint64                       last_us,
                          GCancellable                *cancellable)
{
  TafelMillSearchLimits round = *limits;
  const TafelMillState *s = TAFEL_MILL_CSTATE (state);
  TafelMove moves[TAFEL_MAX_MOVES];
  int values[TAFEL_MAX_MOVES];
  TafelMillSearcher *searcher, *look;
  g_autofree guint64 *hashes = NULL;
  gsize n_before = history != NULL && history->hashes != NULL ? history->n : 0;
  TafelHistory after;
  int winner;
  guint n, k = 0;

  g_return_if_fail (state != NULL && limits != NULL);

  if (player == NULL || tafel_mill_status (s, &winner) != TAFEL_STATUS_RUNNING)
    return;
  /* Only the values found after a placement or a removal stand once the
   * opponent has moved (see pvs ()); a search after a step would only
   * order the moves of the next one, which is not worth the processor. */
  n = tafel_mill_rules.legal_moves (state, moves);
  for (guint i = 0; i < n; i++)
    {
      TafelMillState child = *s;

      tafel_mill_apply (&child, &moves[i]);
      if (child.clock == 0)
        moves[k++] = moves[i];
    }
  n = k;
  searcher = tafel_mill_player_get_searcher (player);
  look = tafel_mill_player_get_look (player);
  if (searcher == NULL || look == NULL || n == 0)
    return;

  /* The opponent's likely moves first: its best at a shallow look. */
  root_values (look, state, history, PONDER_LOOK_DEPTH, cancellable, moves, n, values);
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0 && values[j] > values[j - 1]; j--)
      {
        TafelMove m = moves[j];
        int v = values[j];

        moves[j] = moves[j - 1];
        values[j] = values[j - 1];
        moves[j - 1] = m;
        values[j - 1] = v;
      }

  hashes = g_new (guint64, n_before + 1);
  if (n_before > 0)
    memcpy (hashes, history->hashes, n_before * sizeof *hashes);
  hashes[n_before] = s->key;
  after = (TafelHistory) { hashes, n_before + 1 };

  do
    {
      for (guint i = 0; i < n && !g_cancellable_is_cancelled (cancellable); i++)
        {
          TafelState child = *state;
          TafelMillSearchResult result;

          tafel_mill_apply (TAFEL_MILL_STATE (&child), &moves[i]);
          tafel_mill_searcher_run (searcher, &child, &after, &round, NULL, cancellable, &result);
        }
      round.budget_us *= 2;
    }
  while (round.budget_us > 0 && round.budget_us <= last_us
         && !g_cancellable_is_cancelled (cancellable));
}

/* Impossible thinks on the opponent's time; the other levels answer as
 * they would have. */
void
tafel_mill_ponder (TafelPlayer        *player,
                   const TafelState   *state,
                   const TafelHistory *history,
                   TafelLevel          level,
                   GCancellable       *cancellable)
{
  TafelMillSearchLimits limits = {
    .max_depth = MAX_DEPTH,
    .budget_us = PONDER_FIRST_US,
    .threads = strong_threads (),
  };

  if (level == TAFEL_LEVEL_IMPOSSIBLE)
    tafel_mill_ponder_within (player, state, history, &limits, PONDER_LAST_US, cancellable);
}

/* A solved endgame (or a position of a variant solved whole): its value,
 * distance and every best move. */
static gboolean
table_analysis (const TafelMillState *s,
                const TafelHistory   *history,
                TafelAnalysis        *analysis)
{
  TafelValue value;
  int plies;
  guint k = exact_root_moves (s, history, analysis->best, &value, &plies);

  if (k == 0)
    return FALSE;

  analysis->value = value;
  analysis->plies = value == TAFEL_VALUE_DRAW ? 0 : plies;
  analysis->n_best = k;
  /* Exact, not a search's opinion: the review judges these moves as
   * best, keeps, mistake or blunder. */
  analysis->has_eval = FALSE;
  return TRUE;
}

gboolean
tafel_mill_analyze (TafelPlayer        *player,
                    const TafelState   *state,
                    const TafelHistory *history,
                    TafelAnalysis      *analysis,
                    GCancellable       *cancellable)
{
  g_autoptr(TafelPlayer) own = NULL;
  TafelMillSearchLimits limits = { .max_depth = MAX_DEPTH, .budget_us = 1000 * 1000 };
  TafelMillSearchResult result;
  TafelMillSearcher *searcher;

  g_return_val_if_fail (state != NULL && analysis != NULL, FALSE);

  limits.threads = strong_threads ();
  analysis->value = TAFEL_VALUE_UNKNOWN;
  analysis->plies = 0;
  analysis->n_best = 0;
  analysis->has_score = FALSE;
  analysis->has_eval = FALSE;

  if (tafel_mill_rules.legal_moves (state, analysis->best) == 0)
    return TRUE;

  if (table_analysis (TAFEL_MILL_CSTATE (state), history, analysis))
    return !(cancellable != NULL && g_cancellable_is_cancelled (cancellable));

  if (player == NULL)
    player = own = tafel_mill_player_new ();
  searcher = tafel_mill_player_get_searcher (player);
  if (searcher == NULL ||
      !tafel_mill_searcher_run (searcher, state, history, &limits, NULL, cancellable, &result))
    return FALSE;

  analysis->has_eval = TRUE;
  analysis->eval = result.score;
  analysis->best[0] = result.best;
  analysis->n_best = 1;
  if (result.proven)
    {
      analysis->value = result.score > 0 ? TAFEL_VALUE_WIN : TAFEL_VALUE_LOSS;
      analysis->plies = result.plies;
    }

  return TRUE;
}
