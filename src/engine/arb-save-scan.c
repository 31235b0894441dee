/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-save-scan.c: the hardened first steps of reading a save game, before
 * any value is read: a scan of the bytes (no NUL byte, a bounded number of
 * attributes per tag), then libxml2's parser with guards on depth, element
 * count, document types and entities. The network is never used.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include <libxml/parser.h>
#include <libxml/SAX2.h>

#include "arb-error.h"
#include "arb-save.h"
#include "arb-save-private.h"

/* Parsing with guards */

static void
guard_stop (xmlParserCtxtPtr ctxt)
{
  xmlStopParser (ctxt);
}

/* How many children an element can have in a save game. RELAX NG takes
 * more than linear time over a long list (49,000 <species> took 3.5 s to
 * be refused), so the lists are cut at what a game holds before the schema
 * is ever applied. */
static guint
max_children (const char *parent)
{
  static const struct {
    const char *parent;
    guint       max;
  } limits[] = {
    { "game", ARB_N_SPECIES },              /* <species> */
    { "players", ARB_MAX_PLAYERS },         /* <player> */
    { "deck", ARB_N_CARDS },                /* <card> */
    { "steps", MAX_STEPS },                 /* <draw>, <play>, <discard> */
    { "position", 2 * ARB_MAX_PLAYERS },    /* <player> and <discard-pile> */
    { "hand", ARB_N_CARDS },                /* <card> */
    { "arboretum", ARB_N_CARDS },           /* <card> */
    { "discard-pile", ARB_N_CARDS },        /* <card> */
    { "review", MAX_STEPS },                /* <entry>, one per step at most */
  };

  for (guint i = 0; i < G_N_ELEMENTS (limits); i++)
    if (strcmp (parent, limits[i].parent) == 0)
      return limits[i].max;
  return 16; /* the root has six children, the others two at most */
}

static void
guard_start_element (void *ctx, const xmlChar *localname, const xmlChar *prefix,
                     const xmlChar *uri, int nb_namespaces, const xmlChar **namespaces,
                     int nb_attributes, int nb_defaulted, const xmlChar **attributes)
{
  xmlParserCtxtPtr ctxt = ctx;
  ArbSaveGuard *guard = ctxt->_private;

  if (++guard->depth > MAX_DEPTH || ++guard->n_elements > MAX_ELEMENTS)
    {
      guard->too_large = TRUE;
      guard_stop (ctxt);
      return;
    }
  guard->names[guard->depth - 1] = localname;
  guard->children[guard->depth - 1] = 0;
  if (guard->depth > 1)
    {
      const char *parent = (const char *) guard->names[guard->depth - 2];
      guint max = max_children (parent);

      if (++guard->children[guard->depth - 2] > max)
        {
          g_autofree char *child = arb_save_quote ((const char *) localname);
          g_autofree char *quoted_parent = arb_save_quote (parent);

          guard->too_many = g_strdup_printf (_("The file has more than %u <%s> elements in "
                                               "<%s>, more than any save game holds"),
                                             max, child, quoted_parent);
          guard_stop (ctxt);
          return;
        }
    }
  xmlSAX2StartElementNs (ctx, localname, prefix, uri, nb_namespaces, namespaces,
                         nb_attributes, nb_defaulted, attributes);
}

static void
guard_end_element (void *ctx, const xmlChar *localname, const xmlChar *prefix,
                   const xmlChar *uri)
{
  xmlParserCtxtPtr ctxt = ctx;
  ArbSaveGuard *guard = ctxt->_private;

  guard->depth--;
  xmlSAX2EndElementNs (ctx, localname, prefix, uri);
}

/* A save game never has a document type: refusing it before its internal
 * subset is read leaves no room for entity declarations at all. */
static void
guard_internal_subset (void *ctx, const xmlChar *name, const xmlChar *external_id,
                       const xmlChar *system_id)
{
  xmlParserCtxtPtr ctxt = ctx;
  ArbSaveGuard *guard = ctxt->_private;

  guard->unsafe = TRUE;
  guard_stop (ctxt);
}

static void
guard_entity_decl (void *ctx, const xmlChar *name, int type, const xmlChar *public_id,
                   const xmlChar *system_id, xmlChar *content)
{
  guard_internal_subset (ctx, name, public_id, system_id);
}

/* Keeps the first error of libxml2's parser or validator. */
void
arb_save_guard_record_error (ArbSaveGuard *guard, const xmlError *error)
{
  if (guard->error_message != NULL || error == NULL || error->level < XML_ERR_ERROR)
    return;
  guard->error_line = error->line;
  {
    /* libxml2 quotes names and values of the file in its messages. */
    g_autofree char *line = arb_error_one_line (error->message != NULL ? error->message : "");
    guard->error_message = arb_save_quote_n (line, 4 * ARB_SAVE_QUOTE_MAX);
  }
}

static void
guard_parser_error (void *user_data, xmlErrorPtr error)
{
  xmlParserCtxtPtr ctxt = user_data;
  arb_save_guard_record_error (ctxt->_private, error);
}

/* Errors without a parser context (a broken character encoding) would go
 * to stderr; the parser context records what the user is told. */
static void
ignore_error (void *ctx, const char *message, ...)
{
}

/* The tree of data, parsed with the guards above; NULL with an error when
 * they or the parser refuse it. guard->error_message is the caller's. */
xmlDocPtr
arb_save_parse_document (const char *data, gsize length, ArbSaveGuard *guard, GError **error)
{
  xmlGenericErrorFunc saved_func = xmlGenericError;
  void *saved_ctx = xmlGenericErrorContext;
  xmlParserCtxtPtr ctxt;
  xmlDocPtr doc;

  ctxt = xmlNewParserCtxt ();
  if (ctxt == NULL)
    {
      g_set_error_literal (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_IO, _("Out of memory"));
      return NULL;
    }
  ctxt->_private = guard;
  ctxt->sax->startElementNs = guard_start_element;
  ctxt->sax->endElementNs = guard_end_element;
  ctxt->sax->internalSubset = guard_internal_subset;
  ctxt->sax->externalSubset = guard_internal_subset;
  ctxt->sax->entityDecl = guard_entity_decl;
  ctxt->sax->serror = guard_parser_error;

  /* Never XML_PARSE_NOENT, DTDLOAD, DTDATTR, XINCLUDE or HUGE. */
  xmlSetGenericErrorFunc (NULL, ignore_error);
  doc = xmlCtxtReadMemory (ctxt, data, (int) length, NULL, NULL,
                           XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING
                           | XML_PARSE_NOBLANKS | XML_PARSE_NOCDATA | XML_PARSE_BIG_LINES);
  xmlSetGenericErrorFunc (saved_ctx, saved_func);
  if (guard->unsafe)
    g_set_error_literal (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_UNSAFE,
                         _("The file declares a document type or entities, "
                           "which a save game never has; it was not read"));
  else if (guard->too_many != NULL)
    g_set_error_literal (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_TOO_LARGE, guard->too_many);
  else if (guard->too_large)
    g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_TOO_LARGE,
                 _("The file is nested deeper or has more elements than any save game "
                   "(at most %d levels and %d elements)"), MAX_DEPTH, MAX_ELEMENTS);
  else if (doc == NULL || !ctxt->wellFormed)
    g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_NOT_XML,
                 _("The file is damaged or incomplete: it is not well-formed XML "
                   "(line %d: %s)"),
                 guard->error_line,
                 guard->error_message != NULL ? guard->error_message : _("no document"));
  if (error != NULL && *error != NULL && doc != NULL)
    g_clear_pointer (&doc, xmlFreeDoc);
  g_clear_pointer (&guard->too_many, g_free);
  xmlFreeParserCtxt (ctxt);
  return doc;
}


/* At most ARB_SAVE_QUOTE_MAX characters of text, then "…": a value of the
 * file as an error message quotes it, however long it is; bytes that are
 * not UTF-8 are shown as U+FFFD. */
char *
arb_save_quote_n (const char *text, gsize max_chars)
{
  g_autofree char *valid = g_utf8_make_valid (text != NULL ? text : "", -1);
  const char *end = valid;
  gsize n = 0;

  while (*end != '\0' && n < max_chars)
    end = g_utf8_next_char (end), n++;
  if (*end == '\0')
    return g_steal_pointer (&valid);
  return g_strdup_printf ("%.*s…", (int) (end - valid), valid);
}

char *
arb_save_quote (const char *text)
{
  return arb_save_quote_n (text, ARB_SAVE_QUOTE_MAX);
}

/* The offset just past the first end within data[from, length), or length
 * when there is none (the parser then refuses the file as cut short). */
static gsize
skip_past (const char *data, gsize length, gsize from, const char *end)
{
  gsize end_length = strlen (end);

  for (gsize i = from; i + end_length <= length; i++)
    if (memcmp (data + i, end, end_length) == 0)
      return i + end_length;
  return length;
}

static gboolean
starts_with (const char *data, gsize length, gsize at, const char *prefix)
{
  gsize prefix_length = strlen (prefix);

  return at + prefix_length <= length && memcmp (data + at, prefix, prefix_length) == 0;
}

/* The encodings whose bytes below 128 are ASCII, so that the scan below
 * reads tags and quotes as libxml2 will; a save is written in UTF-8. */
static gboolean
is_ascii_compatible (const char *name, gsize length)
{
  static const char * const names[] = {
    "UTF-8", "UTF8", "US-ASCII", "ASCII", "ISO-8859-1", "ISO_8859-1", "LATIN1", "ISO-LATIN-1",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (length == strlen (names[i]) && g_ascii_strncasecmp (name, names[i], length) == 0)
      return TRUE;
  return FALSE;
}

/* The value of the declaration's encoding pseudo-attribute, within the
 * first 256 bytes: *value is NULL when the declaration names none. FALSE
 * when the declaration cannot be read (no end, no quotes). */
static gboolean
find_declared_encoding (const char *decl, gsize length, const char **value, gsize *value_length)
{
  const char *end = g_strstr_len (decl, (gssize) MIN (length, 256), "?>");
  const char *at = end != NULL ? g_strstr_len (decl, end - decl, "encoding") : NULL;
  const char *close;

  *value = NULL;
  if (end == NULL)
    return FALSE;
  if (at == NULL)
    return TRUE;
  at += strlen ("encoding");
  while (at < end && g_ascii_isspace (*at))
    at++;
  if (at == end || *at++ != '=')
    return FALSE;
  while (at < end && g_ascii_isspace (*at))
    at++;
  if (at == end || (*at != '"' && *at != '\''))
    return FALSE;
  close = memchr (at + 1, *at, (gsize) (end - at - 1));
  if (close == NULL)
    return FALSE;
  *value = at + 1;
  *value_length = (gsize) (close - *value);
  return TRUE;
}

/* libxml2 decodes a file as its first bytes and XML declaration say: in
 * EBCDIC or UTF-7 no byte the scan looks for is what it seems, and a tag of
 * 200,000 attributes went past it (17 to 250 s to refuse). So only a file
 * in an encoding whose ASCII is ASCII is read: UTF-8 (with or without its
 * byte order mark), or a declared US-ASCII or ISO-8859-1. UTF-16 and
 * UTF-32 hold NUL bytes, which the scan refuses. */
static gboolean
check_encoding (const char *data, gsize length, GError **error)
{
  static const char ebcdic_xml[] = "\x4c\x6f\xa7\x94"; /* "<?xm" */
  const char *value;
  gsize value_length = 0;

  if (starts_with (data, length, 0, "\xef\xbb\xbf"))
    data += 3, length -= 3;
  if (starts_with (data, length, 0, "\xfe\xff") || starts_with (data, length, 0, "\xff\xfe")
      || starts_with (data, length, 0, ebcdic_xml))
    {
      g_set_error_literal (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_NOT_XML,
                           _("The file is not in UTF-8 (UTF-16 or EBCDIC): a save game is UTF-8 text"));
      return FALSE;
    }
  if (!starts_with (data, length, 0, "<?xml") || length < 6 || !g_ascii_isspace (data[5]))
    return TRUE; /* no declaration: libxml2 reads UTF-8 */
  if (!find_declared_encoding (data, length, &value, &value_length))
    {
      g_set_error_literal (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_NOT_XML,
                           _("Line 1: the XML declaration is damaged or longer than any save game’s"));
      return FALSE;
    }
  if (value != NULL && !is_ascii_compatible (value, value_length))
    {
      g_set_error_literal (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_NOT_XML,
                           _("Line 1: the file declares a character encoding other than UTF-8, "
                             "which a save game never has"));
      return FALSE;
    }
  return TRUE;
}

/* Looks over the bytes before libxml2 does: a save game is UTF-8 text, so
 * a NUL byte (junk after the document, or UTF-16) refuses it; and no tag
 * may have more than MAX_ATTRIBUTES attributes, which libxml2 would compare
 * pairwise (200,000 of them took 68 s). Comments, CDATA sections,
 * processing instructions and declarations are markup but not tags: what
 * they hold (an apostrophe, '=' signs) is skipped, never counted, and never
 * opens a quote. One pass, no allocation. */
gboolean
arb_save_check_text (const char *data, gsize length, GError **error)
{
  const char *nul = memchr (data, '\0', length);
  guint line = 1, attributes = 0;
  gboolean in_tag = FALSE;
  char quote = 0;

  if (!check_encoding (data, length, error))
    return FALSE;
  if (nul != NULL)
    {
      gsize offset = (gsize) (nul - data);

      for (gsize i = 0; i < offset; i++)
        line += data[i] == '\n';
      g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_NOT_XML,
                   _("Line %u holds a NUL byte (offset %lu): a save game is UTF-8 text"),
                   line, (unsigned long) offset);
      return FALSE;
    }
  for (gsize i = 0; i < length; i++)
    {
      char c = data[i];

      if (c == '\n')
        line++;
      if (quote != 0)
        quote = c == quote ? 0 : quote;
      else if (in_tag)
        {
          if (c == '>')
            in_tag = FALSE;
          else if (c == '"' || c == '\'')
            quote = c;
          else if (c == '=' && ++attributes > MAX_ATTRIBUTES)
            {
              g_set_error (error, ARB_SAVE_ERROR, ARB_SAVE_ERROR_TOO_LARGE,
                           _("Line %u: an element has more than %d attributes, "
                             "which no save game has"),
                           line, MAX_ATTRIBUTES);
              return FALSE;
            }
        }
      else if (c == '<')
        {
          const char *end = NULL;

          if (starts_with (data, length, i, "<!--"))
            end = "-->";
          else if (starts_with (data, length, i, "<![CDATA["))
            end = "]]>";
          else if (starts_with (data, length, i, "<?"))
            end = "?>";
          else if (starts_with (data, length, i, "<!"))
            end = ">"; /* a document type: the parser's guard refuses it */
          if (end == NULL)
            {
              in_tag = TRUE;
              attributes = 0;
              continue;
            }
          {
            gsize next = skip_past (data, length, i + 1, end);

            for (gsize j = i + 1; j < next; j++)
              line += data[j] == '\n';
            i = next - 1;
          }
        }
    }
  return TRUE;
}
