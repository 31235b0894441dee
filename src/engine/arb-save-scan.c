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
  guard->error_message = arb_error_one_line (error->message != NULL ? error->message : "");
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
  xmlFreeParserCtxt (ctxt);
  return doc;
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
