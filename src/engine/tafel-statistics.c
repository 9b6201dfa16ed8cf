/* tafel-statistics.c: the record of finished games, kept across runs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Per game and level against the computer: won, drawn, lost, the current
 * streak and the best run of wins; per game between two persons: wins of
 * the first side, wins of the second side and draws.  Kept in a key file:
 *
 *   [Tafel Statistics]
 *   version=1
 *
 *   [connect-four/hard]
 *   won=3
 *   drawn=0
 *   lost=5
 *   streak=-2
 *   best-streak=2
 *
 *   [connect-four/two-persons]
 *   first-wins=4
 *   second-wins=1
 *   draws=0
 *
 * Each variant of a game is counted on its own, in groups named by its id
 * (tafel_rules_get_id ()): "mill/hard" for Nine Men's Morris (as before
 * there were variants), "mill-twelve/hard" for Twelve.
 *
 * A missing group or key counts as zero.  A file that cannot be understood
 * is renamed to FILE.damaged-STAMP, never deleted, and counting starts
 * afresh.  The object knows nothing of when a game ends: its owner records
 * each finished game once.
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "tafel-enums.h"
#include "tafel-error.h"
#include "tafel-file.h"
#include "tafel-statistics.h"

#define HEADER_GROUP "Tafel Statistics"
#define PAIR_GROUP "two-persons"
/* Counts stop here instead of wrapping around. */
#define MAX_COUNT ((guint) G_MAXINT)
/* Every game's variants together (see tables_init ()). */
#define MAX_TABLES 16

struct _TafelStatistics
{
  GObject parent_instance;

  char *path;
  /* by table: each variant of each game, see table_index () */
  TafelRecord records[MAX_TABLES][TAFEL_N_LEVELS];
  TafelPairRecord pairs[MAX_TABLES];
};

G_DEFINE_FINAL_TYPE (TafelStatistics, tafel_statistics, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
emit_changed (TafelStatistics *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
clear (TafelStatistics *self)
{
  memset (self->records, 0, sizeof self->records);
  memset (self->pairs, 0, sizeof self->pairs);
}

static const char *
level_nick (TafelLevel level)
{
  g_autoptr(GEnumClass) levels = g_type_class_ref (TAFEL_TYPE_LEVEL);

  /* The enum class outlives this reference: the type is static. */
  return g_enum_get_value (levels, level)->value_nick;
}

/* The rules counted: every variant of every game, in game order. */
static const TafelRules *tables[MAX_TABLES];
static guint n_tables;

static void
tables_init (void)
{
  static gsize done;

  if (!g_once_init_enter (&done))
    return;
  for (guint game = 0; game < TAFEL_N_GAMES; game++)
    for (const TafelRules *const *list = tafel_rules_get_variants (game); *list != NULL; list++)
      {
        g_assert (n_tables < MAX_TABLES);
        tables[n_tables++] = *list;
      }
  g_once_init_leave (&done, 1);
}

/* The table of @rules, or -1 if they are none of the games' rules. */
static int
table_index (const TafelRules *rules)
{
  tables_init ();
  for (guint i = 0; i < n_tables; i++)
    if (tables[i] == rules)
      return i;
  return -1;
}

static char *
level_group (guint      table,
             TafelLevel level)
{
  return g_strdup_printf ("%s/%s", tafel_rules_get_id (tables[table]), level_nick (level));
}

static char *
pair_group (guint table)
{
  return g_strdup_printf ("%s/%s", tafel_rules_get_id (tables[table]), PAIR_GROUP);
}

static void
count_up (guint *count)
{
  if (*count < MAX_COUNT)
    (*count)++;
}

/* ---- reading ---- */

static gboolean
fail (GError     **error,
      const char  *reason)
{
  g_set_error_literal (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT, reason);
  return FALSE;
}

/* A count: missing is zero; anything but a whole number in range is an
 * error. */
static gboolean
read_count (GKeyFile    *file,
            const char  *group,
            const char  *key,
            gint64       min,
            gint64      *value,
            GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  *value = 0;
  if (!g_key_file_has_key (file, group, key, NULL))
    return TRUE;

  *value = g_key_file_get_int64 (file, group, key, &local_error);
  if (local_error != NULL || *value < min || *value > (gint64) MAX_COUNT)
    {
      g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                   /* Translators: [%s] is a group of the statistics file, %s a key in it */
                   _("“%s” in [%s] is not a count"), key, group);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse (TafelStatistics  *self,
       const char       *data,
       gsize             length,
       GError          **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GError) local_error = NULL;
  gint64 version;

  if (memchr (data, '\0', length) != NULL)
    return fail (error, _("it contains a NUL byte"));
  if (!g_key_file_load_from_data (file, data, length, G_KEY_FILE_NONE, &local_error))
    return fail (error, local_error->message);

  version = g_key_file_get_int64 (file, HEADER_GROUP, "version", &local_error);
  if (local_error != NULL)
    return fail (error, _("it has no version"));
  if (version != TAFEL_STATISTICS_VERSION)
    return fail (error, _("it is of another version"));

  tables_init ();
  for (guint game = 0; game < n_tables; game++)
    {
      g_autofree char *pgroup = pair_group (game);
      gint64 first, second, draws;

      for (guint level = 0; level < TAFEL_N_LEVELS; level++)
        {
          g_autofree char *group = level_group (game, level);
          gint64 won, drawn, lost, streak, best;

          if (!read_count (file, group, "won", 0, &won, error) ||
              !read_count (file, group, "drawn", 0, &drawn, error) ||
              !read_count (file, group, "lost", 0, &lost, error) ||
              !read_count (file, group, "streak", -(gint64) MAX_COUNT, &streak, error) ||
              !read_count (file, group, "best-streak", 0, &best, error))
            return FALSE;

          /* Streaks that cannot come from the counts. */
          if (best > won || streak > best || -streak > lost)
            {
              g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
                           /* Translators: [%s] is a group of the statistics file */
                           _("the streaks in [%s] do not fit the counts"), group);
              return FALSE;
            }

          self->records[game][level] = (TafelRecord) { won, drawn, lost, streak, best };
        }

      if (!read_count (file, pgroup, "first-wins", 0, &first, error) ||
          !read_count (file, pgroup, "second-wins", 0, &second, error) ||
          !read_count (file, pgroup, "draws", 0, &draws, error))
        return FALSE;
      self->pairs[game] = (TafelPairRecord) { first, second, draws };
    }

  return TRUE;
}

/**
 * tafel_statistics_load:
 * @set_aside: (out) (optional) (transfer full): where a damaged file was
 *   moved, or %NULL
 *
 * Reads the file, replacing what is counted in memory.  A missing file is
 * no error: nothing has been counted yet.  A damaged file is moved aside
 * to a name ending in `.damaged-STAMP` (its new name in @set_aside) and
 * counting starts from zero; the error (%TAFEL_ERROR_FORMAT) says what is
 * wrong with it.  A file that cannot be read is left where it is.
 *
 * Returns: %TRUE if the file was read or is not there yet
 */
gboolean
tafel_statistics_load (TafelStatistics  *self,
                       char            **set_aside,
                       GError          **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (TAFEL_IS_STATISTICS (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (set_aside != NULL)
    *set_aside = NULL;
  clear (self);

  if (!g_file_get_contents (self->path, &data, &length, &local_error))
    {
      emit_changed (self);
      if (g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  if (!parse (self, data, length, &local_error))
    {
      g_autofree char *aside = NULL;

      clear (self);
      aside = tafel_file_set_aside (self->path, NULL);
      if (set_aside != NULL)
        *set_aside = g_steal_pointer (&aside);
      emit_changed (self);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  emit_changed (self);
  return TRUE;
}

/* ---- writing ---- */

/**
 * tafel_statistics_save:
 *
 * Writes the file atomically: a reader sees the old or the new file,
 * never a part of one.
 */
gboolean
tafel_statistics_save (TafelStatistics  *self,
                       GError          **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (TAFEL_IS_STATISTICS (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_key_file_set_integer (file, HEADER_GROUP, "version", TAFEL_STATISTICS_VERSION);
  tables_init ();
  for (guint game = 0; game < n_tables; game++)
    {
      g_autofree char *pgroup = pair_group (game);
      const TafelPairRecord *p = &self->pairs[game];

      for (guint level = 0; level < TAFEL_N_LEVELS; level++)
        {
          g_autofree char *group = level_group (game, level);
          const TafelRecord *r = &self->records[game][level];

          g_key_file_set_int64 (file, group, "won", r->won);
          g_key_file_set_int64 (file, group, "drawn", r->drawn);
          g_key_file_set_int64 (file, group, "lost", r->lost);
          g_key_file_set_int64 (file, group, "streak", r->streak);
          g_key_file_set_int64 (file, group, "best-streak", r->best_streak);
        }
      g_key_file_set_int64 (file, pgroup, "first-wins", p->first_wins);
      g_key_file_set_int64 (file, pgroup, "second-wins", p->second_wins);
      g_key_file_set_int64 (file, pgroup, "draws", p->draws);
    }
  data = g_key_file_to_data (file, &length, NULL);

  return tafel_file_replace (self->path, data, length, error);
}

/* ---- counting ---- */

/**
 * tafel_statistics_record:
 * @result: how the game ended for the person
 *
 * @rules: the rules of the game's variant
 *
 * Counts one finished game against the computer at @level.
 */
void
tafel_statistics_record (TafelStatistics  *self,
                         const TafelRules *rules,
                         TafelLevel        level,
                         TafelResult       result)
{
  TafelRecord *r;
  int table = table_index (rules);

  g_return_if_fail (TAFEL_IS_STATISTICS (self));
  g_return_if_fail (table >= 0);
  g_return_if_fail (level < TAFEL_N_LEVELS);

  r = &self->records[table][level];
  switch (result)
    {
    case TAFEL_RESULT_WON:
      count_up (&r->won);
      r->streak = r->streak > 0 ? MIN (r->streak + 1, (int) r->won) : 1;
      r->best_streak = MAX (r->best_streak, (guint) r->streak);
      break;
    case TAFEL_RESULT_LOST:
      count_up (&r->lost);
      r->streak = r->streak < 0 ? MAX (r->streak - 1, -(int) r->lost) : -1;
      break;
    case TAFEL_RESULT_DRAWN:
      count_up (&r->drawn);
      r->streak = 0;
      break;
    default:
      g_return_if_reached ();
    }

  emit_changed (self);
}

/**
 * tafel_statistics_record_pair:
 * @winner: the side that won (0 moves first), or %TAFEL_SIDE_NONE for a draw
 *
 * Counts one finished game between two persons.
 */
void
tafel_statistics_record_pair (TafelStatistics  *self,
                              const TafelRules *rules,
                              int               winner)
{
  TafelPairRecord *p;
  int table = table_index (rules);

  g_return_if_fail (TAFEL_IS_STATISTICS (self));
  g_return_if_fail (table >= 0);
  g_return_if_fail (winner >= TAFEL_SIDE_NONE && winner <= 1);

  p = &self->pairs[table];
  if (winner == 0)
    count_up (&p->first_wins);
  else if (winner == 1)
    count_up (&p->second_wins);
  else
    count_up (&p->draws);

  emit_changed (self);
}

/**
 * tafel_statistics_count_match:
 * @match: the game being played
 * @level: the computer's level (ignored between two persons)
 * @computer_side: the side the computer plays, or %TAFEL_SIDE_NONE when
 *   two persons play
 * @counted: (inout): whether this game has been counted already; the
 *   caller sets it to %FALSE when a new game starts
 *
 * Counts @match if it has ended and is not counted yet.  The rule: a game
 * counts once, when it first ends.  Taking moves back after the end and
 * playing on to another end (the same or a different one) is still the
 * same game and is not counted again; only a new game is.
 *
 * Returns: %TRUE if the game was counted now
 */
gboolean
tafel_statistics_count_match (TafelStatistics *self,
                              TafelMatch      *match,
                              TafelLevel       level,
                              int              computer_side,
                              gboolean        *counted)
{
  const TafelOutcome *outcome;

  g_return_val_if_fail (TAFEL_IS_STATISTICS (self), FALSE);
  g_return_val_if_fail (TAFEL_IS_MATCH (match), FALSE);
  g_return_val_if_fail (computer_side >= TAFEL_SIDE_NONE && computer_side <= 1, FALSE);
  g_return_val_if_fail (counted != NULL, FALSE);

  outcome = tafel_match_get_outcome (match);
  if (*counted || outcome->status == TAFEL_STATUS_RUNNING)
    return FALSE;

  *counted = TRUE;
  if (computer_side == TAFEL_SIDE_NONE)
    tafel_statistics_record_pair (self, tafel_match_get_rules (match),
                                  outcome->status == TAFEL_STATUS_WON ? outcome->winner
                                                                      : TAFEL_SIDE_NONE);
  else if (outcome->status == TAFEL_STATUS_DRAWN)
    tafel_statistics_record (self, tafel_match_get_rules (match), level, TAFEL_RESULT_DRAWN);
  else
    tafel_statistics_record (self, tafel_match_get_rules (match), level,
                             outcome->winner == computer_side ? TAFEL_RESULT_LOST
                                                              : TAFEL_RESULT_WON);
  return TRUE;
}

/**
 * tafel_statistics_reset:
 *
 * Forgets every count in memory; tafel_statistics_save() makes it last.
 */
void
tafel_statistics_reset (TafelStatistics *self)
{
  g_return_if_fail (TAFEL_IS_STATISTICS (self));

  clear (self);
  emit_changed (self);
}

void
tafel_statistics_get_record (TafelStatistics  *self,
                             const TafelRules *rules,
                             TafelLevel        level,
                             TafelRecord      *record)
{
  int table = table_index (rules);

  g_return_if_fail (TAFEL_IS_STATISTICS (self));
  g_return_if_fail (table >= 0);
  g_return_if_fail (level < TAFEL_N_LEVELS);
  g_return_if_fail (record != NULL);

  *record = self->records[table][level];
}

void
tafel_statistics_get_pair_record (TafelStatistics  *self,
                                  const TafelRules *rules,
                                  TafelPairRecord  *record)
{
  int table = table_index (rules);

  g_return_if_fail (TAFEL_IS_STATISTICS (self));
  g_return_if_fail (table >= 0);
  g_return_if_fail (record != NULL);

  *record = self->pairs[table];
}

/**
 * tafel_statistics_get_n_games:
 *
 * Returns: how many games are counted in all, of every kind
 */
guint
tafel_statistics_get_n_games (TafelStatistics *self)
{
  guint64 n = 0;

  g_return_val_if_fail (TAFEL_IS_STATISTICS (self), 0);

  tables_init ();
  for (guint game = 0; game < n_tables; game++)
    {
      for (guint level = 0; level < TAFEL_N_LEVELS; level++)
        n += self->records[game][level].won + self->records[game][level].drawn +
             self->records[game][level].lost;
      n += self->pairs[game].first_wins + self->pairs[game].second_wins + self->pairs[game].draws;
    }

  return (guint) MIN (n, G_MAXUINT);
}

/* ---- GObject ---- */

static void
tafel_statistics_finalize (GObject *object)
{
  TafelStatistics *self = TAFEL_STATISTICS (object);

  g_free (self->path);

  G_OBJECT_CLASS (tafel_statistics_parent_class)->finalize (object);
}

static void
tafel_statistics_class_init (TafelStatisticsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tafel_statistics_finalize;

  /**
   * TafelStatistics::changed:
   *
   * Something counted changed: a game was recorded, the file was read or
   * the counts were reset.
   */
  signals[CHANGED] = g_signal_new ("changed",
                                   G_TYPE_FROM_CLASS (klass),
                                   G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);
}

static void
tafel_statistics_init (TafelStatistics *self)
{
}

/**
 * tafel_statistics_default_path:
 *
 * Returns: (transfer full): statistics.ini in Tafel's folder of the
 *   user's state directory
 */
char *
tafel_statistics_default_path (void)
{
  return g_build_filename (g_get_user_state_dir (), "tafel", "statistics.ini", NULL);
}

/**
 * tafel_statistics_new:
 * @path: (nullable): the file, or %NULL for tafel_statistics_default_path()
 *
 * Returns: (transfer full): statistics with nothing counted; call
 *   tafel_statistics_load() to read the file
 */
TafelStatistics *
tafel_statistics_new (const char *path)
{
  TafelStatistics *self = g_object_new (TAFEL_TYPE_STATISTICS, NULL);

  self->path = path != NULL ? g_strdup (path) : tafel_statistics_default_path ();
  return self;
}

const char *
tafel_statistics_get_path (TafelStatistics *self)
{
  g_return_val_if_fail (TAFEL_IS_STATISTICS (self), NULL);

  return self->path;
}
