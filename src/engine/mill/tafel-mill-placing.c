/* tafel-mill-placing.c: the last placements of Nine Men's Morris, solved
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Values are -1 (lost), 0 (drawn) and 1 (won) for the side to move.
 * With three values a window closes quickly, so the search proves a
 * position far sooner than the evaluating search could: it only needs one
 * refutation per lost move and one good move per position.
 */
#include "config.h"

#include "tafel-mill-placing.h"

#define BIT(p) (1u << (p))

/* How often the clock and the cancellable are looked at. */
#define POLL_NODES 1024

typedef struct {
  guint64 key;
  gint8 lower, upper;    /* bounds of the value */
  guint8 used;
  guint16 best;          /* index of the best move found, in generation order */
} Entry;

G_STATIC_ASSERT (TAFEL_MAX_MOVES <= G_MAXUINT16 && sizeof (Entry) == 16);

struct _TafelMillPlacing {
  Entry *tt;
  guint64 mask;          /* entries - 1 */
};

typedef struct {
  const TafelMillEgtb *tb;
  Entry *tt;
  guint64 mask;
  guint64 nodes;
  guint64 max_nodes;
  gint64 deadline;
  GCancellable *cancellable;
  gboolean stop;
  guint32 history[2][TAFEL_MILL_POINTS];   /* cut-offs by the point placed on */
} Solver;

TafelMillPlacing *
tafel_mill_placing_new (guint tt_bits)
{
  g_autofree TafelMillPlacing *self = g_new0 (TafelMillPlacing, 1);

  g_return_val_if_fail (tt_bits >= 1 && tt_bits <= 32, NULL);

  self->tt = g_try_new0 (Entry, G_GUINT64_CONSTANT (1) << tt_bits);
  if (self->tt == NULL)
    return NULL;
  self->mask = (G_GUINT64_CONSTANT (1) << tt_bits) - 1;
  return g_steal_pointer (&self);
}

void
tafel_mill_placing_free (TafelMillPlacing *self)
{
  if (self == NULL)
    return;
  g_free (self->tt);
  g_free (self);
}

gboolean
tafel_mill_placing_solvable (const TafelMillEgtb  *tb,
                             const TafelMillState *s)
{
  guint most;

  g_return_val_if_fail (s != NULL, FALSE);

  if (tb == NULL || s->variant != TAFEL_MILL_NINE
      || (s->hand[0] == 0 && s->hand[1] == 0))
    return FALSE;
  /* Captures only lower the counts, and the side to move when the
   * placing ends may be either, so every table up to the larger count. */
  most = MAX (tafel_mill_material (s, 0), tafel_mill_material (s, 1));
  for (guint a = TAFEL_MILL_EGTB_MIN_STONES; a <= most; a++)
    for (guint b = TAFEL_MILL_EGTB_MIN_STONES; b <= most; b++)
      if (tafel_mill_egtb_table (tb, a, b) == NULL)
        return FALSE;
  return TRUE;
}

static gboolean
out_of_time (Solver *S)
{
  if (S->stop)
    return TRUE;
  if (S->nodes % POLL_NODES == 0)
    S->stop = (S->max_nodes > 0 && S->nodes >= S->max_nodes)
              || (S->deadline > 0 && g_get_monotonic_time () >= S->deadline)
              || g_cancellable_is_cancelled (S->cancellable);
  return S->stop;
}

/* Try first what decides most often: a move that closes a mill, then one
 * that takes the point where the opponent would close one. */
static guint32
order_score (const Solver         *S,
             const TafelMillState *s,
             const TafelMove      *move)
{
  const TafelMillTables *t = tafel_mill_state_tables (s);
  guint to = move->path[0];
  guint32 h = MIN (S->history[s->side][to], (1u << 28) - 1);

  if (move->len > 1 || tafel_mill_move_closes (s, move))
    return 2u << 28 | h;
  return (tafel_mill_closes_at (t, s->stones[s->side ^ 1] | BIT (to), to) ? 1u << 28 : 0) | h;
}

static int
solve (Solver               *S,
       const TafelMillState *s,
       int                   alpha,
       int                   beta)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  guint16 order[TAFEL_MAX_MOVES];
  guint32 scores[TAFEL_MAX_MOVES];
  Entry *e;
  int best = -2, alpha0 = alpha, beta0 = beta;
  guint n, best_index = 0;

  S->nodes++;
  if (out_of_time (S))
    return 0;
  if (tafel_mill_material (s, s->side) < 3)
    return -1;
  if (tafel_mill_material (s, s->side ^ 1) < 3)
    return 1;
  if (!s->pending && s->hand[0] == 0 && s->hand[1] == 0)
    {
      TafelValue value;
      int plies;

      if (!tafel_mill_egtb_lookup (S->tb, s, &value, &plies))
        {
          /* tafel_mill_placing_solvable () rules this out */
          S->stop = TRUE;
          return 0;
        }
      return value == TAFEL_VALUE_WIN ? 1 : value == TAFEL_VALUE_LOSS ? -1 : 0;
    }

  e = &S->tt[s->key & S->mask];
  if (!(e->used && e->key == s->key))
    e = NULL;
  if (e != NULL)
    {
      if (e->lower >= beta || e->lower == e->upper)
        return e->lower;
      if (e->upper <= alpha)
        return e->upper;
      alpha = MAX (alpha, e->lower);
      beta = MIN (beta, e->upper);
    }

  n = tafel_mill_generate (s, moves);
  if (n == 0)
    return -1;

  /* A child the table already knows may be enough for a cut-off. */
  if (s->hand[0] + s->hand[1] >= 3)
    for (guint i = 0; i < n; i++)
      {
        TafelMillState child = *s;
        const Entry *c;
        int value;

        tafel_mill_apply (&child, &moves[i]);
        c = &S->tt[child.key & S->mask];
        if (!(c->used && c->key == child.key))
          continue;
        value = child.side == s->side ? c->lower : -c->upper;
        if (value >= beta)
          {
            Entry *f = &S->tt[s->key & S->mask];

            f->key = s->key;
            f->used = TRUE;
            f->best = i;
            f->lower = value;
            f->upper = e != NULL ? e->upper : 1;
            return value;
          }
      }
  for (guint i = 0; i < n; i++)
    {
      order[i] = i;
      scores[i] = e != NULL && e->best == i ? G_MAXUINT32 : order_score (S, s, &moves[i]);
    }
  /* insertion sort by score, stable */
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0 && scores[order[j]] > scores[order[j - 1]]; j--)
      {
        guint16 k = order[j];

        order[j] = order[j - 1];
        order[j - 1] = k;
      }

  for (guint k = 0; k < n && alpha < beta; k++)
    {
      TafelMillState child = *s;
      int value;

      tafel_mill_apply (&child, &moves[order[k]]);
      value = child.side == s->side ? solve (S, &child, alpha, beta)
                                    : -solve (S, &child, -beta, -alpha);
      if (S->stop)
        return 0;
      if (value > best)
        {
          best = value;
          best_index = order[k];
        }
      alpha = MAX (alpha, best);
      if (alpha >= beta && moves[order[k]].len > 0)
        S->history[s->side][moves[order[k]].path[0]] += 1u << MIN (s->hand[0] + s->hand[1], 16);
    }

  e = &S->tt[s->key & S->mask];
  e->key = s->key;
  e->used = TRUE;
  e->best = best_index;
  e->lower = best >= beta0 ? best : best > alpha0 ? best : -1;
  e->upper = best <= alpha0 ? best : best < beta0 ? best : 1;
  return best;
}

guint
tafel_mill_placing_solve (TafelMillPlacing     *self,
                          const TafelMillEgtb  *tb,
                          const TafelMillState *s,
                          const TafelMove      *moves,
                          guint                 n_moves,
                          TafelValue           *values,
                          gint64                deadline,
                          guint64               max_nodes,
                          GCancellable         *cancellable,
                          guint64              *nodes)
{
  Solver S = { tb, NULL, 0, 0, max_nodes, deadline, cancellable, FALSE };
  guint solved = 0;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (s != NULL && (moves != NULL || n_moves == 0), 0);
  g_return_val_if_fail (values != NULL || n_moves == 0, 0);

  if (nodes != NULL)
    *nodes = 0;
  for (guint i = 0; i < n_moves; i++)
    values[i] = TAFEL_VALUE_UNKNOWN;
  if (!tafel_mill_placing_solvable (tb, s))
    return 0;

  S.tt = self->tt;
  S.mask = self->mask;
  for (; solved < n_moves; solved++)
    {
      TafelMillState child = *s;
      int value;

      tafel_mill_apply (&child, &moves[solved]);
      value = child.side == s->side ? solve (&S, &child, -1, 1) : -solve (&S, &child, -1, 1);
      if (S.stop)
        break;
      values[solved] = value > 0 ? TAFEL_VALUE_WIN
                       : value < 0 ? TAFEL_VALUE_LOSS : TAFEL_VALUE_DRAW;
    }

  if (nodes != NULL)
    *nodes = S.nodes;
  return solved;
}
