/* tafel-window-documents.c: the game as a document: copy, paste, open, save
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game goes out as the text of a .tafel record (to the clipboard or a
 * file) and comes in from one, from a bare move list of the game shown,
 * or from Mill's numbered move-list text as other programs write it.
 * What cannot be read is told in the banner, naming the line; the game
 * shown is then left as it was.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "tafel-file.h"
#include "tafel-window-private.h"

#define MIME_TYPE "application/x-tafel-game"
/* A game record is small; anything much larger is not one. */
#define MAX_RECORD_BYTES (1024 * 1024)

static char *
record_text (TafelWindow *self)
{
  g_autoptr(TafelGameRecord) record = tafel_session_dup_record (tafel_window_get_session (self));

  return tafel_game_record_to_text (record);
}

void
tafel_window_copy_game (TafelWindow *self)
{
  g_autofree char *text = record_text (self);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
}

static void
on_pasted (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  g_autoptr(TafelWindow) self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);

  if (text == NULL)
    {
      tafel_window_show_banner (self, _("The clipboard holds no text to read a game from."));
      return;
    }
  if (!tafel_window_open_text (self, text, -1, &error))
    {
      /* Translators: %s says what is wrong, naming the line */
      g_autofree char *message = g_strdup_printf (_("The pasted text is not a game: %s"),
                                                  error->message);
      tafel_window_show_banner (self, message);
    }
}

void
tafel_window_paste_game (TafelWindow *self)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (self)), NULL,
                                 on_pasted, g_object_ref (self));
}

static void
report_file_error (TafelWindow *self,
                   GFile       *file,
                   const char  *reason)
{
  g_autofree char *name = g_file_get_parse_name (file);
  /* Translators: a file name, then what is wrong with it */
  g_autofree char *message = g_strdup_printf (_("“%s” cannot be opened: %s"), name, reason);

  tafel_window_show_banner (self, message);
}

static void
on_file_loaded (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  g_autoptr(TafelWindow) self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  if (!g_file_load_contents_finish (G_FILE (source), result, &contents, &length, NULL, &error))
    report_file_error (self, G_FILE (source), error->message);
  else if (length > MAX_RECORD_BYTES)
    report_file_error (self, G_FILE (source), _("it is far too large for a game"));
  else if (!tafel_window_open_text (self, contents, length, &error))
    report_file_error (self, G_FILE (source), error->message);

  /* A window opened for the file is shown only now, with the file's
   * game (or the banner), never first with the game it had. */
  gtk_window_present (GTK_WINDOW (self));
}

/**
 * tafel_window_open_file:
 * @file: a .tafel file (or any text holding a game)
 *
 * Reads @file in the background and shows its game; what goes wrong is
 * shown in the banner.  The window is presented when the file is read.
 */
void
tafel_window_open_file (TafelWindow *self,
                        GFile       *file)
{
  g_return_if_fail (TAFEL_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  g_file_load_contents_async (file, NULL, on_file_loaded, g_object_ref (self));
}

static GtkFileFilter *
games_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Tafel games"));
  gtk_file_filter_add_mime_type (filter, MIME_TYPE);
  gtk_file_filter_add_pattern (filter, "*.tafel");
  return filter;
}

/* Shows @chooser (taken over) modal, for the games' files; @on_response
 * gets the window's reference and lets both go. */
static void
show_chooser (TafelWindow          *self,
              GtkFileChooserNative *chooser,
              GCallback             on_response)
{
  g_autoptr(GtkFileFilter) filter = games_filter ();

  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", on_response, g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
on_open_chosen (GtkNativeDialog *chooser,
                int              response,
                TafelWindow     *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      tafel_window_open_file (self, file);
    }
  g_object_unref (chooser);
  g_object_unref (self);
}

void
tafel_window_open_game (TafelWindow *self)
{
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Open Game"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN,
                                 _("_Open"), _("_Cancel"));

  show_chooser (self, chooser, G_CALLBACK (on_open_chosen));
}

static void
on_save_chosen (GtkNativeDialog *chooser,
                int              response,
                TafelWindow     *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);
      g_autofree char *text = record_text (self);
      g_autoptr(GError) error = NULL;

      if (path == NULL)
        g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                             _("only local files can be written"));
      else
        tafel_file_replace (path, text, strlen (text), &error);
      if (error != NULL)
        {
          g_autofree char *name = g_file_get_parse_name (file);
          /* Translators: a file name, then the reason */
          g_autofree char *message = g_strdup_printf (_("The game could not be saved as “%s”: %s"),
                                                      name, error->message);
          tafel_window_show_banner (self, message);
        }
    }
  g_object_unref (chooser);
  g_object_unref (self);
}

void
tafel_window_save_game_as (TafelWindow *self)
{
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Save Game"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                 _("_Save"), _("_Cancel"));
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
  const TafelRules *rules = tafel_match_get_rules (tafel_window_get_match (self));
  g_autofree char *name = g_strdup_printf ("%s-%s.tafel", tafel_rules_get_id (rules), date);

  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  show_chooser (self, chooser, G_CALLBACK (on_save_chosen));
}
