/* tafel-names.c: what the games' points are called, in words
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Words for the status line and for screen readers; the notation names of
 * the engine are for files and the command line.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "tafel-names.h"

char *
tafel_names_point (const TafelRules *rules,
                   guint             point)
{
  static const char *const grid[] = {
    N_("top left"), N_("top centre"), N_("top right"),
    N_("centre left"), N_("centre"), N_("centre right"),
    N_("bottom left"), N_("bottom centre"), N_("bottom right"),
  };
  const TafelBoard *b = rules->board;

  g_return_val_if_fail (point < b->n_points, NULL);

  switch (b->style)
    {
    case TAFEL_BOARD_GRID:
      if (b->n_points == G_N_ELEMENTS (grid))
        return g_strdup (_(grid[point]));
      break;
    case TAFEL_BOARD_FRAME:
      /* Translators: a Connect Four cell; rows count from the bottom */
      return g_strdup_printf (_("column %u, row %u"),
                              point % b->columns + 1, b->rows - point / b->columns);
    case TAFEL_BOARD_LINES:
    default:
      break;
    }

  return g_strdup (b->point_names[point]);
}

char *
tafel_names_describe (TafelMatch *match)
{
  const TafelRules *rules = tafel_match_get_rules (match);
  const TafelBoard *b = rules->board;
  g_autofree TafelPointInfo *info = g_new0 (TafelPointInfo, b->n_points);
  GString *text = g_string_new (NULL);
  GString *vanishing = g_string_new (NULL);

  rules->points (tafel_match_get_state (match), info);
  for (guint i = 0; i < b->n_points; i++)
    {
      g_autofree char *where = NULL;
      const char *who;

      if (info[i].owner == TAFEL_POINT_EMPTY)
        continue;

      who = tafel_rules_get_side_name (rules, info[i].owner == TAFEL_POINT_SIDE0 ? 0 : 1);
      where = tafel_names_point (rules, i);
      if (text->len > 0)
        g_string_append (text, ", ");
      /* Translators: a stone on the board, e.g. "X on top left" */
      g_string_append_printf (text, _("%s on %s"), who, where);

      if (info[i].flags & TAFEL_POINT_FLAG_VANISHES_NEXT)
        {
          g_string_append_c (vanishing, ' ');
          /* Translators: Infinity Tic-Tac-Toe, e.g. "X’s stone on top left vanishes next." */
          g_string_append_printf (vanishing, _("%s’s stone on %s vanishes next."), who, where);
        }
    }

  if (text->len == 0)
    g_string_append (text, _("The board is empty."));
  else
    g_string_append_c (text, '.');
  g_string_append (text, vanishing->str);
  g_string_free (vanishing, TRUE);

  return g_string_free (text, FALSE);
}
