/* tafel-statistics-dialog.c: won, drawn and lost games, per game and level
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One page per game: a table with a row per level against the computer
 * and a line for the games between two persons.  A game with variants
 * (Mill) has a drop-down on its page choosing the variant whose counts
 * the table shows; it starts at the variant being played.  The dialog shows the
 * window's TafelStatistics and follows its changes; Reset asks first.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "tafel-names.h"
#include "tafel-settings.h"
#include "tafel-statistics-dialog-private.h"

#define N_COLUMNS 5
#define N_PAIR_COLUMNS 3

struct _TafelStatisticsDialog
{
  GtkWindow parent_instance;

  GtkWidget *switcher;
  GtkWidget *stack;
  GtkWidget *reset_button;
  GtkWidget *error_label;
  GtkWidget *confirmation;   /* weak */

  GtkWidget *cells[TAFEL_N_GAMES][TAFEL_N_LEVELS][N_COLUMNS];
  GtkWidget *pair_cells[TAFEL_N_GAMES][N_PAIR_COLUMNS];
  GtkWidget *summaries[TAFEL_N_GAMES];
  GtkWidget *variant_dropdowns[TAFEL_N_GAMES]; /* NULL: no variants */
  const TafelRules *shown[TAFEL_N_GAMES];      /* the variant each page shows */

  TafelStatistics *statistics;
};

G_DEFINE_FINAL_TYPE (TafelStatisticsDialog, tafel_statistics_dialog, GTK_TYPE_WINDOW)

static const char *
level_title (TafelLevel level)
{
  switch (level)
    {
    case TAFEL_LEVEL_RELAXED:
      return C_("level", "Relaxed");
    case TAFEL_LEVEL_HARD:
      return C_("level", "Hard");
    case TAFEL_LEVEL_IMPOSSIBLE:
      return C_("level", "Impossible");
    case TAFEL_LEVEL_MEDIUM:
    default:
      return C_("level", "Medium");
    }
}

/* ---- showing the counts ---- */

static char *
count_text (guint n)
{
  return g_strdup_printf ("%u", n);
}

/* "3 wins", "2 losses", or a dash when there is no run. */
static char *
streak_text (int streak)
{
  if (streak > 0)
    /* Translators: a streak: so many games won in a row */
    return g_strdup_printf (ngettext ("%d win", "%d wins", streak), streak);
  if (streak < 0)
    /* Translators: a streak: so many games lost in a row */
    return g_strdup_printf (ngettext ("%d loss", "%d losses", -streak), -streak);
  return g_strdup ("—");
}

static void
set_text (GtkWidget  *label,
          char       *text)
{
  gtk_label_set_text (GTK_LABEL (label), text);
  g_free (text);
}

static void
refresh (TafelStatisticsDialog *self)
{
  for (guint game = 0; game < TAFEL_N_GAMES; game++)
    {
      TafelPairRecord pair;
      guint vs_computer = 0, vs_person;
      GString *summary = g_string_new (NULL);

      for (guint level = 0; level < TAFEL_N_LEVELS; level++)
        {
          GtkWidget **row = self->cells[game][level];
          TafelRecord r;

          tafel_statistics_get_record (self->statistics, self->shown[game], level, &r);
          set_text (row[TAFEL_STATISTICS_COLUMN_WON], count_text (r.won));
          set_text (row[TAFEL_STATISTICS_COLUMN_DRAWN], count_text (r.drawn));
          set_text (row[TAFEL_STATISTICS_COLUMN_LOST], count_text (r.lost));
          set_text (row[TAFEL_STATISTICS_COLUMN_STREAK], streak_text (r.streak));
          set_text (row[TAFEL_STATISTICS_COLUMN_BEST_STREAK], streak_text ((int) r.best_streak));
          vs_computer += r.won + r.drawn + r.lost;
        }

      tafel_statistics_get_pair_record (self->statistics, self->shown[game], &pair);
      set_text (self->pair_cells[game][TAFEL_STATISTICS_PAIR_FIRST_WINS], count_text (pair.first_wins));
      set_text (self->pair_cells[game][TAFEL_STATISTICS_PAIR_SECOND_WINS], count_text (pair.second_wins));
      set_text (self->pair_cells[game][TAFEL_STATISTICS_PAIR_DRAWS], count_text (pair.draws));
      vs_person = pair.first_wins + pair.second_wins + pair.draws;

      /* Two sentences, so that each number has its own plural form. */
      g_string_append_printf (summary,
                              ngettext ("%u game against the computer.",
                                        "%u games against the computer.", vs_computer),
                              vs_computer);
      g_string_append_c (summary, ' ');
      g_string_append_printf (summary,
                              ngettext ("%u game between two persons.",
                                        "%u games between two persons.", vs_person),
                              vs_person);
      set_text (self->summaries[game], g_string_free (summary, FALSE));
    }

  gtk_widget_set_sensitive (self->reset_button,
                            tafel_statistics_get_n_games (self->statistics) > 0);
}

/* ---- the tables ---- */

static GtkWidget *
add_label (GtkGrid    *grid,
           const char *text,
           int         column,
           int         row,
           const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  if (column == 0)
    gtk_label_set_xalign (GTK_LABEL (label), 0);
  else
    {
      gtk_label_set_xalign (GTK_LABEL (label), 1);
      gtk_widget_add_css_class (label, "numeric");
    }
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  gtk_grid_attach (grid, label, column, row, 1, 1);
  return label;
}

static GtkWidget *
add_heading (GtkGrid    *grid,
             const char *text,
             int         column,
             int         row)
{
  GtkWidget *label = add_label (grid, text, column, row, "dim-label");

  gtk_widget_add_css_class (label, "caption-heading");
  gtk_widget_remove_css_class (label, "numeric");
  return label;
}

static void
on_variant_selected (GtkDropDown           *dropdown,
                     GParamSpec            *pspec,
                     TafelStatisticsDialog *self)
{
  for (guint game = 0; game < TAFEL_N_GAMES; game++)
    if (self->variant_dropdowns[game] == GTK_WIDGET (dropdown))
      {
        guint selected = gtk_drop_down_get_selected (dropdown);

        if (selected != GTK_INVALID_LIST_POSITION)
          self->shown[game] = tafel_rules_get_variants (game)[selected];
      }
  if (self->statistics != NULL)
    refresh (self);
}

/* The drop-down of a game with variants: their titles, the default first. */
static GtkWidget *
build_variant_row (TafelStatisticsDialog *self,
                   TafelGame              game)
{
  GtkWidget *box, *label, *dropdown;

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  label = gtk_label_new_with_mnemonic (_("_Rules"));
  gtk_widget_add_css_class (label, "heading");
  dropdown = gtk_drop_down_new (tafel_settings_variant_titles (game), NULL);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), dropdown);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), dropdown);
  self->variant_dropdowns[game] = dropdown;
  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (on_variant_selected), self);
  return box;
}

static GtkWidget *
build_page (TafelStatisticsDialog *self,
            TafelGame              game)
{
  static const char *const columns[N_COLUMNS] = {
    N_("Won"), N_("Drawn"), N_("Lost"), N_("Streak"), N_("Best Streak"),
  };
  GtkWidget *page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());
  GtkWidget *heading;
  int row = 0;

  gtk_grid_set_column_spacing (grid, 24);
  gtk_grid_set_row_spacing (grid, 9);
  gtk_widget_set_halign (GTK_WIDGET (grid), GTK_ALIGN_FILL);

  /* Against the computer: a row per level. */
  heading = add_label (grid, _("Against the Computer"), 0, row, "heading");
  gtk_widget_set_hexpand (heading, TRUE);
  for (guint c = 0; c < N_COLUMNS; c++)
    add_heading (grid, _(columns[c]), c + 1, row);
  row++;
  for (guint level = 0; level < TAFEL_N_LEVELS; level++, row++)
    {
      add_label (grid, level_title (level), 0, row, NULL);
      for (guint c = 0; c < N_COLUMNS; c++)
        self->cells[game][level][c] = add_label (grid, "", c + 1, row, NULL);
    }

  /* Between two persons: one line. */
  heading = add_label (grid, _("Two Persons"), 0, row, "heading");
  gtk_widget_set_margin_top (heading, 18);
  for (int side = 0; side < 2; side++)
    {
      /* Translators: a column heading; %s is a side: X, O, Red, Yellow, White or Black */
      g_autofree char *text = g_strdup_printf (_("Won by %s"), tafel_rules_get_side_name (tafel_rules_get (game), side));

      gtk_widget_set_margin_top (add_heading (grid, text, side + 1, row), 18);
    }
  gtk_widget_set_margin_top (add_heading (grid, _("Drawn"), 3, row), 18);
  row++;
  add_label (grid, _("Games at the same screen"), 0, row, NULL);
  for (guint c = 0; c < N_PAIR_COLUMNS; c++)
    self->pair_cells[game][c] = add_label (grid, "", c + 1, row, NULL);

  self->summaries[game] = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->summaries[game]), 0);
  gtk_label_set_wrap (GTK_LABEL (self->summaries[game]), TRUE);
  gtk_widget_add_css_class (self->summaries[game], "dim-label");

  self->shown[game] = tafel_rules_get (game);
  if (tafel_rules_get_variants (game)[1] != NULL)
    gtk_box_append (GTK_BOX (page), build_variant_row (self, game));
  gtk_box_append (GTK_BOX (page), GTK_WIDGET (grid));
  gtk_box_append (GTK_BOX (page), self->summaries[game]);
  return page;
}

/* ---- reset ---- */

static void
on_confirmation_response (GtkDialog             *dialog,
                          int                    response,
                          TafelStatisticsDialog *self)
{
  g_autoptr(GError) error = NULL;

  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response != GTK_RESPONSE_ACCEPT)
    return;

  tafel_statistics_reset (self->statistics);
  if (!tafel_statistics_save (self->statistics, &error))
    {
      g_autofree char *text =
        /* Translators: %s is the reason, e.g. "Permission denied" */
        g_strdup_printf (_("The statistics cannot be saved: %s"), error->message);

      gtk_label_set_text (GTK_LABEL (self->error_label), text);
      gtk_widget_set_visible (self->error_label, TRUE);
    }
}

static void
reset_clicked (TafelStatisticsDialog *self)
{
  GtkWidget *dialog, *button;

  if (self->confirmation != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->confirmation));
      return;
    }

  dialog = gtk_message_dialog_new (GTK_WINDOW (self),
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   "%s", _("Reset All Statistics?"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("The record of every game and level, against the "
                                              "computer and between two persons, will be cleared. "
                                              "This cannot be undone."));
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Reset"), GTK_RESPONSE_ACCEPT);
  gtk_widget_add_css_class (button, "destructive-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);

  g_signal_connect_object (dialog, "response", G_CALLBACK (on_confirmation_response), self, 0);
  self->confirmation = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->confirmation);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The keyboard starts on the tab of the game shown. */
static void
on_map (TafelStatisticsDialog *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (self->switcher); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TOGGLE_BUTTON (child) && gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (child)))
      gtk_widget_grab_focus (child);
}

/* ---- GObject ---- */

static void
tafel_statistics_dialog_dispose (GObject *object)
{
  TafelStatisticsDialog *self = TAFEL_STATISTICS_DIALOG (object);

  if (self->confirmation != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->confirmation), (gpointer *) &self->confirmation);
      gtk_window_destroy (GTK_WINDOW (self->confirmation));
      self->confirmation = NULL;
    }
  if (self->statistics != NULL)
    g_signal_handlers_disconnect_by_data (self->statistics, self);
  g_clear_object (&self->statistics);
  gtk_widget_dispose_template (GTK_WIDGET (self), TAFEL_TYPE_STATISTICS_DIALOG);

  G_OBJECT_CLASS (tafel_statistics_dialog_parent_class)->dispose (object);
}

static void
tafel_statistics_dialog_class_init (TafelStatisticsDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tafel_statistics_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tafel/Tafel/tafel-statistics-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TafelStatisticsDialog, switcher);
  gtk_widget_class_bind_template_child (widget_class, TafelStatisticsDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, TafelStatisticsDialog, reset_button);
  gtk_widget_class_bind_template_child (widget_class, TafelStatisticsDialog, error_label);
  gtk_widget_class_bind_template_callback (widget_class, reset_clicked);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tafel_statistics_dialog_init (TafelStatisticsDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  for (guint game = 0; game < TAFEL_N_GAMES; game++)
    gtk_stack_add_titled (GTK_STACK (self->stack), build_page (self, game),
                          tafel_rules_get (game)->key, tafel_rules_get_title (tafel_rules_get (game)));
  g_signal_connect (self, "map", G_CALLBACK (on_map), NULL);
}

/**
 * tafel_statistics_dialog_new:
 * @parent: the window the dialog belongs to
 * @statistics: what to show (and reset)
 * @rules: the game (and variant) whose page is shown first
 *
 * Returns: (transfer none): a new modal dialog, transient for @parent
 */
GtkWindow *
tafel_statistics_dialog_new (GtkWindow        *parent,
                             TafelStatistics  *statistics,
                             const TafelRules *rules)
{
  TafelStatisticsDialog *self;
  const TafelRules *const *variants;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (TAFEL_IS_STATISTICS (statistics), NULL);
  g_return_val_if_fail (rules != NULL && (guint) rules->game < TAFEL_N_GAMES, NULL);

  self = g_object_new (TAFEL_TYPE_STATISTICS_DIALOG,
                       "transient-for", parent,
                       NULL);
  variants = tafel_rules_get_variants (rules->game);
  for (guint i = 0; variants[i] != NULL; i++)
    if (variants[i] == rules && self->variant_dropdowns[rules->game] != NULL)
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->variant_dropdowns[rules->game]), i);
  self->statistics = g_object_ref (statistics);
  g_signal_connect_swapped (statistics, "changed", G_CALLBACK (refresh), self);
  refresh (self);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), rules->key);

  return GTK_WINDOW (self);
}

TafelStatistics *
tafel_statistics_dialog_get_statistics (TafelStatisticsDialog *self)
{
  g_return_val_if_fail (TAFEL_IS_STATISTICS_DIALOG (self), NULL);

  return self->statistics;
}

TafelGame
tafel_statistics_dialog_get_visible_game (TafelStatisticsDialog *self)
{
  const TafelRules *rules;

  g_return_val_if_fail (TAFEL_IS_STATISTICS_DIALOG (self), TAFEL_GAME_INFINITY);

  rules = tafel_rules_lookup (gtk_stack_get_visible_child_name (GTK_STACK (self->stack)));
  return rules != NULL ? rules->game : TAFEL_GAME_INFINITY;
}

const char *
tafel_statistics_dialog_get_cell (TafelStatisticsDialog *self,
                                  TafelGame              game,
                                  TafelLevel             level,
                                  TafelStatisticsColumn  column)
{
  g_return_val_if_fail (TAFEL_IS_STATISTICS_DIALOG (self), NULL);
  g_return_val_if_fail (game < TAFEL_N_GAMES && level < TAFEL_N_LEVELS && column < N_COLUMNS, NULL);

  return gtk_label_get_text (GTK_LABEL (self->cells[game][level][column]));
}

const char *
tafel_statistics_dialog_get_pair_cell (TafelStatisticsDialog     *self,
                                       TafelGame                  game,
                                       TafelStatisticsPairColumn  column)
{
  g_return_val_if_fail (TAFEL_IS_STATISTICS_DIALOG (self), NULL);
  g_return_val_if_fail (game < TAFEL_N_GAMES && column < N_PAIR_COLUMNS, NULL);

  return gtk_label_get_text (GTK_LABEL (self->pair_cells[game][column]));
}

const char *
tafel_statistics_dialog_get_summary (TafelStatisticsDialog *self,
                                     TafelGame              game)
{
  g_return_val_if_fail (TAFEL_IS_STATISTICS_DIALOG (self), NULL);
  g_return_val_if_fail (game < TAFEL_N_GAMES, NULL);

  return gtk_label_get_text (GTK_LABEL (self->summaries[game]));
}

/* The drop-down choosing the variant shown on @game's page, or NULL. */
GtkWidget *
tafel_statistics_dialog_get_variant_dropdown (TafelStatisticsDialog *self,
                                              TafelGame              game)
{
  g_return_val_if_fail (TAFEL_IS_STATISTICS_DIALOG (self), NULL);
  g_return_val_if_fail (game < TAFEL_N_GAMES, NULL);

  return self->variant_dropdowns[game];
}

GtkWidget *
tafel_statistics_dialog_get_reset_button (TafelStatisticsDialog *self)
{
  g_return_val_if_fail (TAFEL_IS_STATISTICS_DIALOG (self), NULL);

  return self->reset_button;
}

GtkWidget *
tafel_statistics_dialog_get_confirmation (TafelStatisticsDialog *self)
{
  g_return_val_if_fail (TAFEL_IS_STATISTICS_DIALOG (self), NULL);

  return self->confirmation;
}
