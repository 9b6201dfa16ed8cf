/* tafel-mill-book.c: Nine Men's Morris opening book
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A position of the book's kind (Nine, placing, nothing taken yet) is
 * known by its canonical key: the smallest of (White's stones << 24 |
 * Black's stones) over the board's 16 symmetries.  The book keeps each
 * move in the canonical position's frame and maps it back onto the
 * position asked about.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "tafel-data.h"
#include "tafel-error.h"
#include "tafel-games.h"
#include "tafel-mill-book.h"
#include "tafel-mill-egtb.h"
#include "tafel-mill-search.h"

struct _TafelMillBook {
  GHashTable *entries;    /* canonical key (guint64 *) -> TafelMillBookEntry * */
  guint placements;       /* whole up to this many stones placed */
  guint lines;            /* along its lines up to this many */
};

/* ---- canonical positions ---- */

/* Stones placed, or -1 when @s is not of the book's kind. */
static int
placements_of (const TafelMillState *s)
{
  if (s->variant != TAFEL_MILL_NINE || s->pending
      || tafel_mill_material (s, 0) != TAFEL_MILL_HAND
      || tafel_mill_material (s, 1) != TAFEL_MILL_HAND)
    return -1;
  return 2 * TAFEL_MILL_HAND - s->hand[0] - s->hand[1];
}

/* The canonical key of @s, and in @sym the symmetry that maps @s onto
 * its canonical position. */
static guint64
canonical_key (const TafelMillState *s,
               guint                *sym)
{
  const guint8 *perms;
  guint n = tafel_mill_egtb_symmetries (&perms);
  guint64 best = G_MAXUINT64;

  *sym = 0;
  for (guint g = 0; g < n; g++)
    {
      guint64 key = (guint64) tafel_mill_egtb_symmetry_apply (g, s->stones[0]) << 24
                    | tafel_mill_egtb_symmetry_apply (g, s->stones[1]);

      if (key < best)
        {
          best = key;
          *sym = g;
        }
    }
  return best;
}

/* @move with each point mapped by symmetry @sym, or by its inverse. */
static TafelMove
map_move (const TafelMove *move,
          guint            sym,
          gboolean         inverse)
{
  const guint8 *perms;
  const guint8 *perm;
  TafelMove image = *move;

  tafel_mill_egtb_symmetries (&perms);
  perm = perms + sym * TAFEL_MILL_POINTS;
  for (guint i = 0; i < move->len; i++)
    {
      if (!inverse)
        image.path[i] = perm[move->path[i]];
      else
        for (guint p = 0; p < TAFEL_MILL_POINTS; p++)
          if (perm[p] == move->path[i])
            image.path[i] = p;
    }
  return image;
}

/* The placements leading to the position of @key (no stone taken):
 * White's and Black's stones in turn, each side's from a1 on. */
static char *
key_text (guint64 key)
{
  const char *const *names = tafel_mill_board.point_names;
  guint32 stones[2] = { (guint32) (key >> 24), (guint32) (key & TAFEL_MILL_ALL) };
  GString *text = g_string_new (NULL);

  for (int side = 0; (stones[0] | stones[1]) != 0; side ^= 1)
    {
      g_string_append_printf (text, "%s%s", text->len > 0 ? " " : "",
                              names[__builtin_ctz (stones[side])]);
      stones[side] &= stones[side] - 1;
    }
  return g_string_free (text, FALSE);
}

static guint
key_placements (guint64 key)
{
  return (guint) __builtin_popcountll (key);
}

static guint64 *
key_new (guint64 key)
{
  return g_memdup2 (&key, sizeof key);
}

/* The canonical position of @key, as placing its stones leads there. */
static void
state_of_key (guint64     key,
              TafelState *state)
{
  g_autofree char *text = key_text (key);

  if (!tafel_rules_parse_moves (&tafel_mill_rules, text, state, NULL, NULL))
    g_return_if_reached ();
}

/* The classes of @s's children that take no stone and are not in @seen
 * yet: added to @seen, and appended to @keys in the order of the moves. */
static void
add_child_classes (const TafelMillState *s,
                   GHashTable           *seen,
                   GArray               *keys)
{
  TafelMove moves[TAFEL_MAX_MOVES];
  guint n = tafel_mill_generate (s, moves);

  for (guint i = 0; i < n; i++)
    {
      TafelMillState child = *s;
      guint64 key;
      guint sym;

      tafel_mill_apply (&child, &moves[i]);
      if (placements_of (&child) < 0)
        continue;   /* a mill closed: a stone taken */
      key = canonical_key (&child, &sym);
      if (g_hash_table_contains (seen, &key))
        continue;
      g_hash_table_add (seen, key_new (key));
      g_array_append_val (keys, key);
    }
}

GPtrArray *
tafel_mill_book_positions (guint placements)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GArray) level = g_array_new (FALSE, FALSE, sizeof (guint64));
  GPtrArray *positions = g_ptr_array_new_with_free_func (g_free);
  guint64 start = 0;

  g_return_val_if_fail (placements <= TAFEL_MILL_BOOK_MAX_PLACEMENTS, positions);

  g_array_append_val (level, start);
  for (guint k = 0; k <= placements; k++)
    {
      g_autoptr(GArray) next = g_array_new (FALSE, FALSE, sizeof (guint64));

      for (guint i = 0; i < level->len; i++)
        {
          guint64 key = g_array_index (level, guint64, i);
          TafelState state;

          g_ptr_array_add (positions, key_text (key));
          if (k == placements)
            continue;
          state_of_key (key, &state);
          add_child_classes (TAFEL_MILL_CSTATE (&state), seen, next);
        }
      g_array_unref (level);
      level = g_steal_pointer (&next);
    }

  return positions;
}

static int
compare_keys (gconstpointer a,
              gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

/* The canonical keys of tafel_mill_book_line_positions (), sorted. */
static GArray *
line_keys (const TafelMillBook *book,
           guint                placed)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  GArray *keys = g_array_new (FALSE, FALSE, sizeof (guint64));
  GHashTableIter iter;
  gpointer key_p, value;

  g_hash_table_iter_init (&iter, book->entries);
  while (placed >= 2 && g_hash_table_iter_next (&iter, &key_p, &value))
    {
      guint64 key = *(const guint64 *) key_p;
      const TafelMillBookEntry *entry = value;
      TafelState state;

      if (key_placements (key) + 2 != placed)
        continue;
      /* The canonical position, in whose frame the move is kept. */
      state_of_key (key, &state);
      tafel_mill_apply (TAFEL_MILL_STATE (&state), &entry->move);
      if (placements_of (TAFEL_MILL_CSTATE (&state)) < 0)
        continue;   /* the book's move closes a mill */
      add_child_classes (TAFEL_MILL_CSTATE (&state), seen, keys);
    }
  g_array_sort (keys, compare_keys);
  return keys;
}

GPtrArray *
tafel_mill_book_line_positions (const TafelMillBook *book,
                                guint                placed)
{
  g_autoptr(GArray) keys = NULL;
  GPtrArray *positions = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (book != NULL, positions);

  keys = line_keys (book, placed);
  for (guint i = 0; i < keys->len; i++)
    g_ptr_array_add (positions, key_text (g_array_index (keys, guint64, i)));
  return positions;
}

/* ---- reading ---- */

static gboolean
format_error (GError     **error,
              const char  *reason)
{
  g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
               _("Not a valid Mill opening book: %s"), reason);
  return FALSE;
}

static gboolean
line_error (GError    **error,
            guint       line,
            const char *reason)
{
  g_set_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT,
               /* Translators: %u is a line number, %s says what is wrong there */
               _("Not a valid Mill opening book: line %u: %s"), line, reason);
  return FALSE;
}

static gboolean
reason_error (GError     **error,
              const char  *reason)
{
  g_set_error_literal (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT, reason);
  return FALSE;
}

static gboolean
parse_header (const char  *text,
              guint        line,
              guint       *placements,
              guint       *lines,
              GError     **error)
{
  g_auto(GStrv) words = g_strsplit_set (text, " \t", -1);
  guint64 version, n, m;

  if (g_strv_length (words) < 2 || strcmp (words[0], TAFEL_MILL_BOOK_MAGIC) != 0)
    return line_error (error, line, _("it does not start like one"));
  if (!g_ascii_string_to_unsigned (words[1], 10, 0, G_MAXUINT, &version, NULL)
      || version != TAFEL_MILL_BOOK_VERSION || g_strv_length (words) != 4)
    return line_error (error, line, _("it has another version"));
  if (!g_ascii_string_to_unsigned (words[2], 10, 0, TAFEL_MILL_BOOK_MAX_PLACEMENTS, &n, NULL))
    return line_error (error, line, _("the number of placements is out of range"));
  if (!g_ascii_string_to_unsigned (words[3], 10, n, TAFEL_MILL_BOOK_MAX_LINES, &m, NULL))
    return line_error (error, line, _("the length of its lines is out of range"));
  *placements = n;
  *lines = m;
  return TRUE;
}

TafelMillBook *
tafel_mill_book_new (guint placements,
                     guint lines)
{
  TafelMillBook *book = g_new0 (TafelMillBook, 1);

  g_return_val_if_fail (placements <= TAFEL_MILL_BOOK_MAX_PLACEMENTS, book);
  g_return_val_if_fail (placements <= lines && lines <= TAFEL_MILL_BOOK_MAX_LINES, book);

  book->entries = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  book->placements = placements;
  book->lines = lines;
  return book;
}

/* One line "PLACED : MOVE SCORE DEPTH" into @book; the error says only
 * what is wrong, not where. */
gboolean
tafel_mill_book_add (TafelMillBook  *book,
                     const char     *text,
                     GError        **error)
{
  const char *colon = strchr (text, ':');
  g_autofree char *placed = NULL;
  g_autofree char *rest = NULL;
  g_auto(GStrv) words = NULL;
  g_autoptr(GError) local = NULL;
  TafelState state;
  const TafelMillState *s = TAFEL_MILL_CSTATE (&state);
  TafelMillBookEntry *entry;
  const char *cursor;
  gint64 score;
  guint64 depth, key;
  guint sym;
  int placed_count;

  g_return_val_if_fail (book != NULL && text != NULL, FALSE);

  if (colon == NULL)
    return reason_error (error, _("a colon is missing"));
  placed = g_strndup (text, colon - text);
  tafel_mill_rules.init (&state);
  if (!tafel_rules_play_moves (&tafel_mill_rules, placed, &state, NULL, &local))
    return reason_error (error, local->message);
  placed_count = placements_of (s);
  if (placed_count < 0 || (guint) placed_count > book->lines)
    return reason_error (error, _("the position is not one of the book’s"));

  rest = g_strstrip (g_strdup (colon + 1));
  words = g_strsplit_set (rest, " \t", -1);
  if (g_strv_length (words) != 3)
    return reason_error (error, _("a move, a score and a depth must follow the colon"));

  entry = g_new0 (TafelMillBookEntry, 1);
  cursor = words[0];
  if (!tafel_mill_rules.parse_move (&state, &cursor, &entry->move, &local)
      || *cursor != '\0'
      || !tafel_rules_is_legal (&tafel_mill_rules, &state, &entry->move))
    {
      g_free (entry);
      return reason_error (error, _("the move is not legal there"));
    }
  if (!g_ascii_string_to_signed (words[1], 10, -TAFEL_MILL_SCORE_WIN, TAFEL_MILL_SCORE_WIN,
                                 &score, NULL)
      || !g_ascii_string_to_unsigned (words[2], 10, 1, 64, &depth, NULL))
    {
      g_free (entry);
      return reason_error (error, _("the score or the depth is out of range"));
    }
  entry->score = (int) score;
  entry->depth = (guint) depth;

  key = canonical_key (s, &sym);
  if (g_hash_table_contains (book->entries, &key))
    {
      g_free (entry);
      return reason_error (error, _("the position is in the book twice"));
    }
  entry->move = map_move (&entry->move, sym, FALSE);
  g_hash_table_insert (book->entries, key_new (key), entry);
  return TRUE;
}

static gboolean
count_error (GError **error,
             guint    held,
             guint    expected)
{
  g_autofree char *reason =
    /* Translators: the book has fewer positions than it should */
    g_strdup_printf (_("it holds %u of its %u positions"), held, expected);

  return format_error (error, reason);
}

gboolean
tafel_mill_book_check (const TafelMillBook  *book,
                       GError              **error)
{
  g_autofree guint *held = g_new0 (guint, book->lines + 1);
  g_autoptr(GPtrArray) whole = tafel_mill_book_positions (book->placements);
  GHashTableIter iter;
  gpointer key_p;
  guint whole_held = 0;

  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_hash_table_iter_init (&iter, book->entries);
  while (g_hash_table_iter_next (&iter, &key_p, NULL))
    held[key_placements (*(const guint64 *) key_p)]++;

  /* The whole part: no position twice, so counting is enough. */
  for (guint k = 0; k <= book->placements; k++)
    whole_held += held[k];
  if (whole_held != whole->len)
    return count_error (error, whole_held, whole->len);

  /* Each placement beyond: exactly the positions the lines reach. */
  for (guint k = book->placements + 1; k <= book->lines; k++)
    {
      g_autoptr(GArray) keys = line_keys (book, k);

      g_hash_table_iter_init (&iter, book->entries);
      while (g_hash_table_iter_next (&iter, &key_p, NULL))
        {
          guint64 key = *(const guint64 *) key_p;

          if (key_placements (key) == k
              && (keys->len == 0
                  || bsearch (&key, keys->data, keys->len, sizeof (guint64), compare_keys) == NULL))
            {
              g_autofree char *text = key_text (key);
              g_autofree char *reason =
                /* Translators: %s are the placements leading to a position */
                g_strdup_printf (_("its lines do not reach the position after %s"), text);

              return format_error (error, reason);
            }
        }
      if (held[k] != keys->len)
        return count_error (error, held[k], keys->len);
    }
  return TRUE;
}

TafelMillBook *
tafel_mill_book_new_from_text (const char  *text,
                               GError     **error)
{
  g_autoptr(TafelMillBook) book = NULL;
  g_auto(GStrv) lines = NULL;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* Not g_strsplit (): it looks for each newline with strstr (), which
   * AddressSanitizer checks over the whole rest of the text each time:
   * 34 s for the book to seven stones instead of 0.3. */
  lines = g_strsplit_set (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *hash = strchr (lines[i], '#');
      g_autoptr(GError) local = NULL;
      char *line;

      if (hash != NULL)
        *hash = '\0';
      line = g_strstrip (lines[i]);
      if (*line == '\0')
        continue;
      if (book == NULL)
        {
          guint placements, length;

          if (!parse_header (line, i + 1, &placements, &length, error))
            return NULL;
          book = tafel_mill_book_new (placements, length);
        }
      else if (!tafel_mill_book_add (book, line, &local))
        {
          line_error (error, i + 1, local->message);
          return NULL;
        }
    }
  if (book == NULL)
    {
      line_error (error, 1, _("it is empty"));
      return NULL;
    }
  if (!tafel_mill_book_check (book, error))
    return NULL;

  return g_steal_pointer (&book);
}

TafelMillBook *
tafel_mill_book_load (const char  *path,
                      GError     **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) local = NULL;
  TafelMillBook *book;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_get_contents (path, &text, NULL, error))
    return NULL;
  book = tafel_mill_book_new_from_text (text, &local);
  if (book == NULL)
    {
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, local->domain, local->code, "%s: %s", name, local->message);
    }
  return book;
}

void
tafel_mill_book_free (TafelMillBook *book)
{
  if (book == NULL)
    return;
  g_clear_pointer (&book->entries, g_hash_table_unref);
  g_free (book);
}

static gpointer
load (const char  *path,
      GError     **error)
{
  return tafel_mill_book_load (path, error);
}

TafelDataFile tafel_mill_book_data =
  TAFEL_DATA_FILE_INIT ("Mill opening book", TAFEL_MILL_BOOK_ENV, TAFEL_MILL_BOOK_FILE, load, NULL);

const TafelMillBook *
tafel_mill_book_get_default (void)
{
  return tafel_data_file_get (&tafel_mill_book_data);
}

/* ---- looking up ---- */

guint
tafel_mill_book_size (const TafelMillBook *book)
{
  g_return_val_if_fail (book != NULL, 0);
  return g_hash_table_size (book->entries);
}

guint
tafel_mill_book_placements (const TafelMillBook *book)
{
  g_return_val_if_fail (book != NULL, 0);
  return book->placements;
}

guint
tafel_mill_book_lines (const TafelMillBook *book)
{
  g_return_val_if_fail (book != NULL, 0);
  return book->lines;
}

gboolean
tafel_mill_book_lookup (const TafelMillBook  *book,
                        const TafelMillState *s,
                        TafelMillBookEntry   *entry)
{
  const TafelMillBookEntry *found;
  int placed = placements_of (s);
  guint64 key;
  guint sym;

  g_return_val_if_fail (s != NULL && entry != NULL, FALSE);

  if (book == NULL || placed < 0 || (guint) placed > book->lines)
    return FALSE;
  key = canonical_key (s, &sym);
  found = g_hash_table_lookup (book->entries, &key);
  if (found == NULL)
    return FALSE;
  *entry = *found;
  entry->move = map_move (&found->move, sym, TRUE);
  return TRUE;
}
