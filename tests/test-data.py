#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks of the files that make Arboretum a desktop application.

Each subcommand is one meson test in the 'data' suite:

  po SRCDIR PO_FILE            the translation is complete, well formed and
                               follows French typography and the rulebook
  potfiles SRCDIR              po/POTFILES.in is sorted, exists, and lists
                               every file with strings a person sees
  manifest SRCDIR MANIFEST     the Flatpak manifest names the right app id,
                               command, runtime and the narrowest permissions
  install BUILDDIR MANIFEST    `meson install --destdir` puts in place every
                               file the manifest and the desktop file name
  ui SRCDIR SHIM               every .ui file in ui/ passes gtk4-builder-tool validate
  spdx SRCDIR                  every source file has its SPDX licence line (of
                               the files git tracks; in a tarball, of the tree)
  spdx-stray SRCDIR            a directory git does not track is not scanned
  missing-schema PROGRAM SCHEMA_ID  the game without its schema: one clear line
  version GAME CLI VERSION SCHEMA_DIR  --version of both programs, the game's --help
  tmp-clean [WRAPPER...] -- PROGRAM [ARGS...]  a test program, run with a
                               TMPDIR of its own, leaves nothing in it
  devenv BUILDDIR SRCDIR       `meson devenv` with XDG_DATA_DIRS unset keeps the
                               system's data directories after the source tree's
  icons SRCDIR                 the application icons are drawn on the right
                               canvas, the symbolic one in one colour, and render
  engine-layers SRCDIR         no cycle among the engine's modules, and no
                               model module includes one built on it
  src-lengths SRCDIR           no file of src/ is over 1,000 lines
  docs-architecture SRCDIR     every module, class, file and function that
                               docs/architecture.md names exists

A check that fails prints what is wrong and exits with status 1.
"""

import configparser
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

APP_ID = 'io.github.arboretum_game.Arboretum'
GETTEXT_PACKAGE = 'arboretum'

# The French rulebook's names of the ten species (Règles du jeu, 2018).
FRENCH_SPECIES = {
    'Blue Spruce': 'Épinette bleue',
    'Cassia': 'Cassia',
    'Cherry Blossom': 'Cerisier en fleur',
    'Dogwood': 'Cornouiller',
    'Jacaranda': 'Jacaranda',
    'Maple': 'Érable',
    'Oak': 'Chêne',
    'Royal Poinciana': 'Flamboyant',
    'Tulip Poplar': 'Tulipier de Virginie',
    'Willow': 'Saule pleureur',
}

failures = []


def fail(message):
    failures.append(message)
    print('FAIL: ' + message)


def finish():
    if failures:
        print('%d problem(s)' % len(failures))
        sys.exit(1)
    print('ok')


# ---------------------------------------------------------------- po files

def unquote(text):
    """The value of a C string literal as written in a .po file."""
    return bytes(text, 'utf-8').decode('unicode_escape').encode('latin-1').decode('utf-8')


def read_po(path):
    """Entries of a .po file as dicts: msgid, msgid_plural, msgstr (list),
    flags, comments; obsolete (#~) entries are left out."""
    entries = []
    entry = None
    key = None

    def flush():
        if entry is not None and 'msgid' in entry:
            entries.append(entry)

    with open(path, encoding='utf-8') as f:
        for raw in f:
            line = raw.rstrip('\n')
            if line.startswith('#~'):
                continue
            if not line.strip():
                flush()
                entry, key = None, None
                continue
            if entry is None:
                entry = {'flags': [], 'comments': [], 'msgstr': {}}
            if line.startswith('#,'):
                entry['flags'] += [f.strip() for f in line[2:].split(',')]
            elif line.startswith('#'):
                entry['comments'].append(line)
            else:
                m = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+"(.*)"$', line)
                if m:
                    key = m.group(1)
                    if key.startswith('msgstr'):
                        index = int(m.group(2) or 0)
                        key = ('msgstr', index)
                        entry['msgstr'][index] = unquote(m.group(3))
                    else:
                        entry[key] = unquote(m.group(3))
                elif line.startswith('"') and key is not None:
                    value = unquote(line[1:-1])
                    if isinstance(key, tuple):
                        entry['msgstr'][key[1]] += value
                    else:
                        entry[key] += value
                else:
                    fail('%s: cannot read the line %r' % (path, line))
    flush()
    return entries


# French puts a space (usually a narrow no-break one) before : ; ? ! and
# inside « ». A mark glued to the word before it, where it ends a phrase,
# is an English habit left in the translation.
GLUED_MARK = re.compile(r'(?<=[\w»”)’%])([:;?!])(?=\s|$|[”»)])')


def typography_problems(msgid, msgstr):
    problems = []
    # A keyword list (the desktop file's Keywords) uses ; as a separator.
    if msgid.endswith(';') and ' ' not in msgid:
        return problems
    for m in GLUED_MARK.finditer(msgstr):
        # Leave a mark the English text glues the same way, e.g. "(%d, %d):"
        # used as a field separator in a machine-readable format.
        context = msgstr[max(0, m.start() - 12):m.end() + 12]
        problems.append('“%s” glued to the word before it in …%s…' % (m.group(1), context))
    if '"' in msgstr and '"' not in msgid:
        problems.append('straight quotes " in a French text: use « »')
    if '“' in msgstr or '”' in msgstr:
        problems.append('English quotes “ ” in a French text: use « »')
    if re.search(r'«(?![\u00a0\u202f])|(?<![\u00a0\u202f])»', msgstr):
        problems.append('« » need a no-break space inside')
    return problems


# The keywords of meson's 'glib' preset for xgettext (po/meson.build).
GLIB_KEYWORDS = ['--keyword=_', '--keyword=N_', '--keyword=C_:1c,2', '--keyword=NC_:1c,2',
                 '--keyword=g_dcgettext:2', '--keyword=g_dngettext:2,3',
                 '--keyword=g_dpgettext2:2c,3']


def check_po_covers_sources(srcdir, po_path):
    """Every message of the files in POTFILES.in has a translation: a
    string added to the code without one is found here, not by a player."""
    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, 'arboretum.pot')
        subprocess.run(['xgettext', '--files-from=po/POTFILES.in', '--directory=' + srcdir,
                        '--from-code=UTF-8', '--output=' + pot] + GLIB_KEYWORDS,
                       cwd=srcdir, check=True, capture_output=True)
        result = subprocess.run(['msgcmp', po_path, pot], capture_output=True, text=True)
    if result.returncode != 0:
        fail('%s lacks messages of the sources:\n%s' % (po_path, result.stderr[:4000]))


def check_po(srcdir, po_path):
    check_po_covers_sources(srcdir, po_path)
    result = subprocess.run(['msgfmt', '--check', '--statistics', '-o', os.devnull, po_path],
                            capture_output=True, text=True)
    print(result.stderr.strip())
    if result.returncode != 0:
        fail('msgfmt --check refused %s:\n%s' % (po_path, result.stderr))
    if 'untranslated' in result.stderr:
        fail('%s has untranslated messages' % po_path)
    if 'fuzzy' in result.stderr:
        fail('%s has fuzzy messages' % po_path)

    entries = read_po(po_path)
    header = next((e for e in entries if e['msgid'] == ''), None)
    if header is None:
        fail('%s has no header' % po_path)
    else:
        text = header['msgstr'].get(0, '')
        if 'Plural-Forms: nplurals=2; plural=(n > 1);' not in text:
            fail('the French plural rule (nplurals=2; plural=(n > 1);) is missing')
        if 'charset=UTF-8' not in text:
            fail('the .po file is not declared UTF-8')
        if 'Language: fr' not in text:
            fail('the header does not say Language: fr')

    found = {}
    plurals = 0
    for e in entries:
        if e['msgid'] == '':
            continue
        if 'fuzzy' in e['flags']:
            fail('fuzzy: %r' % e['msgid'])
        strs = e['msgstr']
        if 'msgid_plural' in e:
            plurals += 1
            if sorted(strs) != [0, 1]:
                fail('%r needs exactly two plural forms' % e['msgid'])
        for index, text in strs.items():
            if not text:
                fail('untranslated: %r' % e['msgid'])
                continue
            for problem in typography_problems(e['msgid'], text):
                fail('%r → %r: %s' % (e['msgid'], text, problem))
            if text.count('%') != e.get('msgid_plural' if index else 'msgid', '').count('%') \
               and 'c-format' not in e['flags']:
                fail('%r → %r: a different number of %% signs' % (e['msgid'], text))
        if e['msgid'] in FRENCH_SPECIES and 'msgctxt' not in e:
            found[e['msgid']] = strs.get(0)

    for english, french in FRENCH_SPECIES.items():
        if english not in found:
            fail('the species %r is not in the translation' % english)
        elif found[english] != french:
            fail('the species %r is %r, the French rulebook says %r'
                 % (english, found[english], french))
    print('%d messages, %d with plural forms' % (len(entries) - 1, plurals))
    finish()


# ---------------------------------------------------------- POTFILES.in

TRANSLATABLE_C = re.compile(r'\b(?:_|N_|C_|NC_|ngettext|g_dngettext|g_dpgettext2)\s*\(')


def has_visible_strings(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        text = f.read()
    if path.endswith('.c') or path.endswith('.h'):
        return TRANSLATABLE_C.search(text) is not None
    if path.endswith('.ui'):
        return 'translatable="yes"' in text
    return True


def check_potfiles(srcdir):
    path = os.path.join(srcdir, 'po', 'POTFILES.in')
    with open(path, encoding='utf-8') as f:
        listed = [l.strip() for l in f if l.strip() and not l.startswith('#')]
    if listed != sorted(listed):
        fail('po/POTFILES.in is not sorted')
    if len(set(listed)) != len(listed):
        fail('po/POTFILES.in lists a file twice')
    for name in listed:
        if not os.path.exists(os.path.join(srcdir, name)):
            fail('po/POTFILES.in lists %s, which does not exist' % name)

    candidates = glob.glob('src/**/*.[ch]', root_dir=srcdir, recursive=True)
    candidates += glob.glob('ui/**/*.ui', root_dir=srcdir, recursive=True)
    candidates += glob.glob('data/*.desktop.in', root_dir=srcdir)
    candidates += glob.glob('data/*.metainfo.xml.in', root_dir=srcdir)
    candidates += glob.glob('data/*.mime.xml.in', root_dir=srcdir)
    candidates += glob.glob('data/*.gschema.xml', root_dir=srcdir)
    for name in sorted(candidates):
        if name not in listed and has_visible_strings(os.path.join(srcdir, name)):
            fail('%s has strings a person sees but is not in po/POTFILES.in' % name)
    print('%d files listed' % len(listed))
    finish()


# ------------------------------------------------------------- manifest

def load_manifest(path):
    try:
        with open(path, encoding='utf-8') as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        fail('the manifest %s does not parse: %s' % (path, e))
        finish()


# What a build leaves in the source tree (build-aux/dev, CONTRIBUTING.md,
# docs/perf.md, docs/flatpak.md): flatpak-builder must not copy it into the
# build, and git must not offer to commit it.
BUILD_LEFTOVERS = ['build', '_build', 'build-asan', 'build-devel', 'build-fuzz', 'build-perf',
                   'build-release', 'build-flatpak', 'flatpak-build', '.flatpak-builder',
                   'flatpak-repo', 'arboretum.flatpak']


def check_skip_list(srcdir, skip):
    for name in ['.git'] + BUILD_LEFTOVERS:
        if name not in skip:
            fail('the dir source does not skip %s' % name)
    if not os.path.isdir(os.path.join(srcdir, '.git')) or not shutil.which('git'):
        return
    for name in BUILD_LEFTOVERS:
        # A directory as a build makes it; a bundle as a file.
        path = name if name.endswith('.flatpak') else name + '/'
        result = subprocess.run(['git', '-C', srcdir, 'check-ignore', '-q', '--no-index', path],
                                capture_output=True, text=True)
        if result.returncode != 0:
            fail('.gitignore does not ignore %s' % path)


def check_manifest(srcdir, path):
    m = load_manifest(path)
    # The release manifest, or the development one (-Ddevelopment=true,
    # which gives the .Devel id): the file is named after the id it builds.
    app_id = os.path.basename(path)[:-len('.json')]
    development = app_id == APP_ID + '.Devel'
    if app_id != APP_ID and not development:
        fail('the manifest %s is named after neither %s nor %s.Devel' % (path, APP_ID, APP_ID))
    expect = {
        'id': app_id,
        'runtime': 'org.gnome.Platform',
        'sdk': 'org.gnome.Sdk',
        'command': 'arboretum',
    }
    for key, value in expect.items():
        if m.get(key) != value:
            fail('the manifest says %s = %r, expected %r' % (key, m.get(key), value))
    if 'app-id' in m:
        fail('the manifest has both id and app-id')

    # GNOME 43 is the first runtime with GTK 4.8 and libadwaita 1.2; 48 left
    # Flathub's support on March 24, 2026, 49 in autumn 2026 (docs/flatpak.md).
    version = str(m.get('runtime-version', ''))
    if not re.fullmatch(r'\d+', version) or int(version) < 50:
        fail('runtime-version %r: GNOME 50 or newer, a runtime Flathub still supports'
             % version)

    # Each has its reason in docs/flatpak.md: network for online play, the
    # sound server for the sounds a player may turn on (GSound).
    wanted = ['--share=network', '--share=ipc', '--socket=wayland', '--socket=fallback-x11',
              '--device=dri', '--socket=pulseaudio']
    args = m.get('finish-args', [])
    if sorted(args) != sorted(wanted):
        fail('finish-args %r: expected exactly %r' % (args, wanted))
    for arg in args:
        if arg.startswith('--filesystem') or arg.startswith('--socket=x11') \
           or arg.startswith('--device=all'):
            fail('finish-args grants %s, which the game does not need' % arg)
    # The French in the app itself, so that a bundle holds it.
    if m.get('separate-locales') is not False:
        fail('separate-locales must be false: a bundle leaves a .Locale extension out')

    modules = m.get('modules', [])
    if not modules or not isinstance(modules[-1], dict):
        fail('the manifest has no module for the game')
        finish()
    game = modules[-1]
    if game.get('buildsystem') != 'meson':
        fail('the game module is not built with meson')
    if development != ('-Ddevelopment=true' in game.get('config-opts', [])):
        fail('%s: -Ddevelopment=true belongs in the .Devel manifest and only there' % app_id)
    for opt in ['-Dtests=false', '-Dsystemd_unit=false']:
        if opt not in game.get('config-opts', []):
            fail('%s: the game module lacks %s (nothing runs the tests or the unit there)'
                 % (app_id, opt))
    sources = game.get('sources', [])
    dirs = [s for s in sources if s.get('type') == 'dir']
    if len(dirs) != 1:
        fail('the game module needs exactly one "dir" source (this repository)')
    else:
        root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(path)),
                                             dirs[0].get('path', '')))
        if os.path.realpath(root) != os.path.realpath(srcdir):
            fail('the dir source %r is not the repository root' % dirs[0].get('path'))
        with open(os.path.join(root, 'meson.build'), encoding='utf-8') as f:
            if not re.search(r"project\(\s*'arboretum'", f.read()):
                fail('the dir source does not hold the arboretum meson project')
        check_skip_list(srcdir, dirs[0].get('skip', []))
    print('manifest: %s %s//%s, command %s' % (m.get('id'), m.get('runtime'),
                                              version, m.get('command')))
    finish()


# -------------------------------------------------------------- install

def meson_json(builddir, name):
    with open(os.path.join(builddir, 'meson-info', name), encoding='utf-8') as f:
        return json.load(f)


def build_option(builddir, name):
    for option in meson_json(builddir, 'intro-buildoptions.json'):
        if option['name'] == name:
            return option['value']
    raise KeyError(name)


def installs_target(builddir, name):
    """Whether the build defines an installed executable called NAME."""
    for target in meson_json(builddir, 'intro-targets.json'):
        if target['name'] == name and target['type'] == 'executable' and target['installed']:
            return True
    return False


def expect_file(root, relpath, why):
    path = os.path.join(root, relpath.lstrip('/'))
    if not os.path.isfile(path):
        fail('%s is not installed (%s)' % (relpath, why))
        return None
    return path


def check_mime_type(destdir, share, mime_xml):
    """update-mime-database accepts the type and a .arboretum file gets it."""
    mime_dir = tempfile.mkdtemp(prefix='arb-mime-')
    try:
        os.makedirs(os.path.join(mime_dir, 'mime', 'packages'))
        shutil.copy(mime_xml, os.path.join(mime_dir, 'mime', 'packages'))
        shutil.copy('/usr/share/mime/packages/freedesktop.org.xml',
                    os.path.join(mime_dir, 'mime', 'packages'))
        result = subprocess.run(['update-mime-database', '-V', os.path.join(mime_dir, 'mime')],
                                capture_output=True, text=True)
        if result.returncode != 0 or 'error' in result.stderr.lower():
            fail('update-mime-database refused the MIME type:\n' + result.stderr)
            return
        sample = os.path.join(mime_dir, 'game.arboretum')
        with open(sample, 'w', encoding='utf-8') as f:
            f.write('<?xml version="1.0" encoding="UTF-8"?>\n<arboretum-save format="1"/>\n')
        env = dict(os.environ, XDG_DATA_HOME=mime_dir, XDG_DATA_DIRS=mime_dir)
        result = subprocess.run(['gio', 'info', '-a', 'standard::content-type', sample],
                                capture_output=True, text=True, env=env)
        if 'application/x-arboretum' not in result.stdout:
            fail('a .arboretum file is not seen as application/x-arboretum:\n'
                 + result.stdout + result.stderr)
    finally:
        shutil.rmtree(mime_dir, ignore_errors=True)


def check_man_page(path, program):
    """A manual page in roff with the sections a reader looks for, which
    man(1) formats without a warning."""
    with open(path, encoding='utf-8') as f:
        text = f.read()
    if not re.search(r'^\.TH\s+"?%s"?\s+1\b' % re.escape(program.upper()), text, re.M):
        fail('%s: no .TH %s 1 title line' % (path, program.upper()))
    for section in ('NAME', 'SYNOPSIS', 'DESCRIPTION', 'OPTIONS', 'FILES', 'SEE ALSO'):
        if not re.search(r'^\.SH\s+"?%s"?\s*$' % section, text, re.M):
            fail('%s: no %s section' % (path, section))
    if shutil.which('groff'):
        result = subprocess.run(['groff', '-man', '-Tutf8', '-ww', '-z', path],
                                capture_output=True, text=True)
        if result.returncode != 0 or result.stderr.strip():
            fail('%s: groff warns:\n%s' % (path, result.stderr))


def check_install(builddir, manifest_path):
    srcdir = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(manifest_path)), '..'))
    manifest = load_manifest(manifest_path)
    prefix = build_option(builddir, 'prefix')
    bindir = os.path.join(prefix, build_option(builddir, 'bindir'))
    datadir = os.path.join(prefix, build_option(builddir, 'datadir'))
    localedir = os.path.join(prefix, build_option(builddir, 'localedir'))
    # A development build installs under its own id; the schema keeps the release's.
    app_id = APP_ID + '.Devel' if build_option(builddir, 'development') else APP_ID

    destdir = tempfile.mkdtemp(prefix='arb-install-')
    try:
        result = subprocess.run(['meson', 'install', '-C', builddir, '--no-rebuild',
                                 '--quiet', '--destdir', destdir],
                                capture_output=True, text=True)
        if result.returncode != 0:
            fail('meson install failed:\n' + result.stdout + result.stderr)
            finish()
        root = destdir
        share = os.path.join(root, datadir.lstrip('/'))

        # The desktop file and what it names.
        desktop_path = expect_file(root, os.path.join(datadir, 'applications',
                                                      app_id + '.desktop'), 'the menu entry')
        mime_xml = expect_file(root, os.path.join(datadir, 'mime', 'packages', app_id + '.xml'),
                               'the .arboretum file type')
        metainfo = expect_file(root, os.path.join(datadir, 'metainfo', app_id + '.metainfo.xml'),
                               'the software centre page')
        expect_file(root, os.path.join(localedir, 'fr', 'LC_MESSAGES', GETTEXT_PACKAGE + '.mo'),
                    'the French translation')
        if desktop_path:
            desktop = configparser.RawConfigParser(interpolation=None, strict=False)
            desktop.optionxform = str
            desktop.read(desktop_path, encoding='utf-8')
            entry = desktop['Desktop Entry']
            program = entry.get('Exec', '').split()[0]
            if program != manifest.get('command'):
                fail('the desktop file runs %r, the manifest %r' % (program, manifest.get('command')))
            if '%f' not in entry.get('Exec', '') and '%F' not in entry.get('Exec', '') \
               and '%u' not in entry.get('Exec', '') and '%U' not in entry.get('Exec', ''):
                fail('the desktop file cannot pass a save file to the game (no %f in Exec)')
            icon = entry.get('Icon', '')
            if icon != app_id:
                fail('the desktop file names the icon %r, not %r' % (icon, app_id))
            for subdir, name in (('scalable', icon + '.svg'), ('symbolic', icon + '-symbolic.svg')):
                expect_file(root, os.path.join(datadir, 'icons', 'hicolor', subdir, 'apps', name),
                            'the %s application icon' % subdir)
            if 'Name[fr]' not in entry or 'Comment[fr]' not in entry or 'Keywords[fr]' not in entry:
                fail('the installed desktop file has no French name, comment or keywords')
            mime_types = [t for t in entry.get('MimeType', '').split(';') if t]
            if mime_xml:
                tree = ET.parse(mime_xml)
                ns = '{http://www.freedesktop.org/standards/shared-mime-info}'
                declared = [t.get('type') for t in tree.getroot().iter(ns + 'mime-type')]
                for t in mime_types:
                    if t not in declared:
                        fail('the desktop file opens %s, which the MIME XML does not declare' % t)
                if 'application/x-arboretum' not in mime_types:
                    fail('the desktop file does not open application/x-arboretum')
                comments = [c for c in tree.getroot().iter(ns + 'comment')
                            if c.get('{http://www.w3.org/XML/1998/namespace}lang') == 'fr']
                if not comments:
                    fail('the installed MIME type has no French comment')
                check_mime_type(destdir, share, mime_xml)

        # The program: what the manifest and the desktop file start.
        command = manifest.get('command', '')
        mandir = os.path.join(prefix, build_option(builddir, 'mandir'))
        for program in (command, 'arboretum-cli'):
            if not installs_target(builddir, program):
                fail('the build installs no program called %s' % program)
            expect_file(root, os.path.join(bindir, program), 'a program the game installs')
            page = expect_file(root, os.path.join(mandir, 'man1', program + '.1'),
                               'the manual page of %s' % program)
            if page:
                check_man_page(page, program)

        # The network play server's systemd unit starts the installed program.
        unit = expect_file(root, os.path.join(prefix, 'lib', 'systemd', 'system', 'arboretum-server.service'),
                           'the systemd unit of the network play server')
        if unit:
            with open(unit, encoding='utf-8') as f:
                exec_start = [l for l in f.read().splitlines() if l.startswith('ExecStart=')]
            if not exec_start or not exec_start[0].startswith('ExecStart=' + os.path.join(bindir, 'arboretum-cli') + ' serve '):
                fail('the systemd unit does not start %s serve' % os.path.join(bindir, 'arboretum-cli'))
            # Every connection is a descriptor; a server that fails comes back.
            with open(unit, encoding='utf-8') as f:
                lines = f.read().splitlines()
            for wanted in ('LimitNOFILE=', 'Restart=on-failure'):
                if not any(l.startswith(wanted) for l in lines):
                    fail('the systemd unit has no %s' % wanted)

        if metainfo:
            tree = ET.parse(metainfo)
            launchable = tree.getroot().find('launchable')
            if launchable is None or launchable.text != app_id + '.desktop':
                fail('the metainfo does not launch %s.desktop' % app_id)
            if tree.getroot().findtext('id') != app_id:
                fail('the metainfo id is not %s' % app_id)
            # The screenshots are published from this repository's data/screenshots/.
            images = [i.text or '' for i in tree.getroot().iter('image')]
            if not images:
                fail('the metainfo shows no screenshot')
            for url in images:
                name = url.split('/data/screenshots/')[-1]
                if '/data/screenshots/' not in url \
                   or not os.path.isfile(os.path.join(srcdir, 'data', 'screenshots', name)):
                    fail('the screenshot %s is not in data/screenshots/' % url)

        # The settings schema, when the window has one.
        if os.path.exists(os.path.join(srcdir, 'data', APP_ID + '.gschema.xml')):
            expect_file(root, os.path.join(datadir, 'glib-2.0', 'schemas', APP_ID + '.gschema.xml'),
                        'the settings schema')

        installed = sorted(os.path.relpath(os.path.join(d, f), root)
                           for d, _, files in os.walk(root) for f in files)

        # flatpak build-finish exports a file to the host only when its name
        # starts with the application id; anything else would silently vanish.
        share_rel = os.path.relpath(share, root)
        for path in installed:
            for exported in ('applications', 'icons', 'metainfo', 'mime/packages',
                             'dbus-1/services'):
                if path.startswith(os.path.join(share_rel, exported) + '/') \
                   and not os.path.basename(path).startswith(app_id):
                    fail('%s would not be exported from the Flatpak: its name does not start '
                         'with %s' % (path, app_id))
        print('installed %d files:\n  %s' % (len(installed), '\n  '.join(installed)))
    finally:
        shutil.rmtree(destdir, ignore_errors=True)
    finish()


# ------------------------------------------------------------------- ui

def check_ui(srcdir, shim):
    files = sorted(glob.glob(os.path.join(srcdir, 'ui', '**', '*.ui'), recursive=True))
    env = dict(os.environ, GTK_A11Y='none', GSETTINGS_BACKEND='memory',
               LD_PRELOAD=shim, NO_AT_BRIDGE='1')
    env.pop('G_DEBUG', None)
    for path in files:
        result = subprocess.run(['gtk4-builder-tool', 'validate', path],
                                capture_output=True, text=True, env=env)
        output = (result.stdout + result.stderr).strip()
        if result.returncode != 0 or output:
            fail('%s does not validate:\n%s' % (os.path.relpath(path, srcdir), output))
        else:
            print('valid: ' + os.path.relpath(path, srcdir))
    print('%d .ui files' % len(files))
    finish()


# ---------------------------------------------------------------- icons

SVG = '{http://www.w3.org/2000/svg}'


def svg_problems(path, size, symbolic):
    problems = []
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        return ['not well-formed XML: %s' % e]
    if root.tag != SVG + 'svg':
        return ['the root element is not <svg>']
    if root.get('viewBox') != '0 0 %d %d' % (size, size):
        problems.append('the canvas is %r, expected "0 0 %d %d"' % (root.get('viewBox'), size, size))
    for attribute in ('width', 'height'):
        if root.get(attribute) != str(size):
            problems.append('%s is %r, expected %d' % (attribute, root.get(attribute), size))
    for element in root.iter():
        tag = element.tag.replace(SVG, '')
        if tag in ('image', 'text', 'script', 'foreignObject'):
            problems.append('<%s> has no place in an icon' % tag)
        href = element.get('{http://www.w3.org/1999/xlink}href') or element.get('href') or ''
        if href and not href.startswith('#'):
            problems.append('a link to %s outside the file' % href)
    if symbolic:
        colours = set()
        for element in root.iter():
            tag = element.tag.replace(SVG, '')
            if tag in ('linearGradient', 'radialGradient', 'filter'):
                problems.append('a symbolic icon has no <%s>' % tag)
            for attribute in ('fill', 'stroke'):
                value = element.get(attribute)
                if value and value != 'none':
                    colours.add(value.lower())
        if len(colours) != 1:
            problems.append('a symbolic icon is drawn in one colour, not %r' % sorted(colours))
    return problems


def check_icons(srcdir):
    hicolor = os.path.join(srcdir, 'data', 'icons', 'hicolor')
    icons = [
        (os.path.join(hicolor, 'scalable', 'apps', APP_ID + '.svg'), 128, False),
        (os.path.join(hicolor, 'symbolic', 'apps', APP_ID + '-symbolic.svg'), 16, True),
    ]
    rsvg = shutil.which('rsvg-convert')
    for path, size, symbolic in icons:
        name = os.path.relpath(path, srcdir)
        if not os.path.isfile(path):
            fail('%s is missing' % name)
            continue
        for problem in svg_problems(path, size, symbolic):
            fail('%s: %s' % (name, problem))
        if rsvg is None:
            continue
        # Rendered at the sizes GNOME shows it, it must not come out empty.
        for pixels in (16, 32, 64, 256):
            result = subprocess.run([rsvg, '-w', str(pixels), '-h', str(pixels), path],
                                    capture_output=True)
            if result.returncode != 0 or not result.stdout.startswith(b'\x89PNG'):
                fail('%s does not render at %d pixels: %s' % (name, pixels, result.stderr))
    if rsvg is None:
        print('note: rsvg-convert (librsvg2-bin) is missing, the icons were not rendered')
    finish()


# ---------------------------------------------------------------- spdx

SPDX = 'SPDX-License-Identifier: GPL-3.0-or-later'


def walk_files(srcdir):
    """The tree as it is, without git (a release tarball has none): the
    build directories and the data of the tests are not sources."""
    listed = []
    for root, dirs, files in os.walk(srcdir):
        dirs[:] = [d for d in dirs if not d.startswith(('.', 'build', '_build'))
                   or d in ('.ci', 'build-aux')]
        listed += [os.path.relpath(os.path.join(root, f), srcdir) for f in files]
    return listed


def tracked_files(srcdir):
    """The files git tracks when SRCDIR is the top of a git checkout, else
    None: a build directory of any name (b-asan) or a stray file is none of
    the sources."""
    try:
        top = subprocess.run(['git', '-C', srcdir, 'rev-parse', '--show-toplevel'],
                             capture_output=True, text=True, check=True).stdout.strip()
        if os.path.realpath(top) != os.path.realpath(srcdir):
            return None
        out = subprocess.run(['git', '-C', srcdir, 'ls-files', '-z'],
                             capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return [f for f in out.decode('utf-8', 'surrogateescape').split('\0') if f]


def spdx_missing(srcdir):
    """The source files without an SPDX line in their first three lines."""
    listed = tracked_files(srcdir)
    if listed is None:
        listed = walk_files(srcdir)
    missing = []
    for rel in listed:
        base = os.path.basename(rel)
        source = base.endswith(('.c', '.h', '.ui', '.py', '.rng', '.gresource.xml')) \
            or base in ('meson.build', 'meson_options.txt', 'dev', 'run', 'check-window',
                        'measure-window')
        if not source or rel.startswith('tests/data/') or not os.path.isfile(os.path.join(srcdir, rel)):
            continue
        with open(os.path.join(srcdir, rel), encoding='utf-8', errors='replace') as f:
            head = ''.join(f.readline() for _ in range(3))
        if SPDX not in head:
            missing.append(rel)
    return missing


def check_spdx(srcdir):
    """Every source file says its licence in an SPDX line near its top."""
    for rel in spdx_missing(srcdir):
        fail('%s has no "%s" line at its top' % (rel, SPDX))
    finish()


def check_spdx_stray(srcdir):
    """A directory git does not track, such as a build directory named
    b-asan, is not scanned: a C file without an SPDX line in one, made for
    the check and removed after it, is not reported. Skipped (77) outside
    a git checkout, where the walk of the tree is all there is."""
    if tracked_files(srcdir) is None:
        print('not a git checkout: skipped')
        sys.exit(77)
    stray_dir = tempfile.mkdtemp(prefix='b-stray-', dir=srcdir)
    try:
        with open(os.path.join(stray_dir, 'stray.c'), 'w', encoding='utf-8') as f:
            f.write('int stray;\n')
        rel = os.path.relpath(os.path.join(stray_dir, 'stray.c'), srcdir)
        # The walk alone would report it: the check below means something.
        if rel not in walk_files(srcdir):
            fail('%s is not in the walk of the tree' % rel)
        if rel in spdx_missing(srcdir):
            fail('%s, which git does not track, was scanned' % rel)
    finally:
        shutil.rmtree(stray_dir)
    finish()


# ---------------------------------------------------------- engine layers

# The parts of one module kept in files of their own.
ENGINE_ALIASES = {'ai-private': 'ai', 'ai-heuristic': 'ai', 'ai-search': 'ai', 'seat-private': 'seat',
                  'session-private': 'session', 'session-play': 'session', 'session-document': 'session'}
# The umbrella header includes everything; the generated headers nothing.
ENGINE_IGNORED = {'engine', 'enums', 'engine-resources'}
# The model (the rules, the game, its replay and what a viewer may know of
# it) is built on by the rest and includes none of it (issue 22).
ENGINE_MODEL = {'state', 'game', 'replay', 'projection'}
ENGINE_ABOVE_MODEL = {'ai', 'review', 'rights', 'save', 'autosave-slots', 'session', 'viewpoint', 'seat-driver',
                      'seat', 'computer-seat', 'person-seat', 'remote-seat', 'link'}
ENGINE_INCLUDE = re.compile(r'^\s*#\s*include\s+"arb-([a-z0-9-]+)\.h"')


def engine_module(filename):
    name = re.sub(r'^arb-|\.[ch]$', '', filename)
    return ENGINE_ALIASES.get(name, name)


def engine_includes(srcdir):
    """{module: {included module: where it is first included}}"""
    engine = os.path.join(srcdir, 'src', 'engine')
    graph = {}
    for path in sorted(glob.glob(os.path.join(engine, 'arb-*.[ch]'))):
        module = engine_module(os.path.basename(path))
        if module in ENGINE_IGNORED:
            continue
        edges = graph.setdefault(module, {})
        with open(path, encoding='utf-8') as f:
            for number, line in enumerate(f, 1):
                match = ENGINE_INCLUDE.match(line)
                if match is None:
                    continue
                target = ENGINE_ALIASES.get(match.group(1), match.group(1))
                if target != module and target not in ENGINE_IGNORED:
                    edges.setdefault(target, '%s:%d includes arb-%s.h'
                                     % (os.path.basename(path), number, match.group(1)))
    return graph


def engine_cycles(graph):
    """One cycle through each strongly connected set of modules (Tarjan)."""
    index, low, stack, on_stack, sets = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, {})):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            members = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                members.add(w)
                if w == v:
                    break
            if len(members) > 1:
                sets.append(members)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    cycles = []
    for members in sets:
        # The shortest way back to the first module, inside the set.
        start = min(members)
        paths, queue = {start: [start]}, [start]
        while queue:
            v = queue.pop(0)
            for w in sorted(graph.get(v, {})):
                if w == start:
                    cycles.append(paths[v] + [start])
                    queue = []
                    break
                if w in members and w not in paths:
                    paths[w] = paths[v] + [w]
                    queue.append(w)
    return cycles


def check_engine_layers(srcdir):
    """The engine's modules (arb-foo.c and arb-foo.h are the module foo)
    include each other without a cycle, and the model includes nothing
    built on it."""
    graph = engine_includes(srcdir)
    if not graph:
        fail('no engine modules under %s' % os.path.join(srcdir, 'src', 'engine'))
    for cycle in engine_cycles(graph):
        where = ', '.join(graph[a][b] for a, b in zip(cycle, cycle[1:]))
        fail('the engine modules include each other in a cycle: %s (%s)'
             % (' → '.join(cycle), where))
    for module in sorted(ENGINE_MODEL & set(graph)):
        for target in sorted(ENGINE_ABOVE_MODEL & set(graph[module])):
            fail('%s: the model (%s) includes nothing built on it'
                 % (graph[module][target], ', '.join(sorted(ENGINE_MODEL))))
    finish()


# ------------------------------------------------------------ src lengths

SRC_MAX_LINES = 1000
# Files over the limit that another engineer is splitting now (issue 34):
# each goes from this list with its split. Nothing else may be added here.
SRC_BEING_SPLIT = {
    'src/net/arb-net-server.c': "the server's speed (issue 32, point 8)",
    'src/net/arb-net-table.c': "the server's speed (issue 32, point 8)",
}


def check_src_lengths(srcdir):
    """A file of src/ fits in a reader's head: no more than 1,000 lines."""
    paths = sorted(glob.glob(os.path.join(srcdir, 'src', '**', '*.[ch]'), recursive=True))
    if not paths:
        fail('no sources under %s' % os.path.join(srcdir, 'src'))
    for path in paths:
        rel = os.path.relpath(path, srcdir)
        with open(path, encoding='utf-8') as f:
            n = sum(1 for _ in f)
        if n <= SRC_MAX_LINES:
            if rel in SRC_BEING_SPLIT:
                print('note: %s is %d lines now: take it off SRC_BEING_SPLIT' % (rel, n))
            continue
        if rel in SRC_BEING_SPLIT:
            print('being split: %s, %d lines (%s)' % (rel, n, SRC_BEING_SPLIT[rel]))
        else:
            fail('%s is %d lines, over %d: split it by job' % (rel, n, SRC_MAX_LINES))
    finish()


# ------------------------------------------------------ docs/architecture.md

def architecture_names(text):
    """The modules (arb-foo), classes (ArbFoo), functions (arb_foo ()) and
    paths (src/..., tests/...) the page names."""
    modules = set(re.findall(r'\barb-[a-z][a-z0-9-]*[a-z0-9](?:\.[ch])?\b', text))
    classes = set(re.findall(r'\bArb[A-Z][A-Za-z]+\b', text))
    functions = set(re.findall(r'\b(arb_[a-z0-9_]+) ?\(', text))
    functions |= set(re.findall(r'`(arb_[a-z0-9_]+)(?: ?\(\))?`', text))
    paths = set(re.findall(r'`((?:src|tests|docs|build-aux|ui|data|help|po)/[^`* ]*)`', text))
    return modules, classes, functions, paths


def check_docs_architecture(srcdir):
    with open(os.path.join(srcdir, 'docs', 'architecture.md'), encoding='utf-8') as f:
        text = f.read()
    sources = sorted(glob.glob(os.path.join(srcdir, 'src', '**', '*.[ch]'), recursive=True))
    tests = glob.glob(os.path.join(srcdir, 'tests', '*.[ch]'))
    names = {os.path.basename(path) for path in sources + tests}
    code = ''
    for path in sources:
        with open(path, encoding='utf-8') as f:
            code += f.read()
    modules, classes, functions, paths = architecture_names(text)
    for module in sorted(modules):
        if module in names or module + '.c' in names or module + '.h' in names:
            continue
        if not any(name.startswith(module + '-') for name in names):
            fail('docs/architecture.md names %s: no src/ file is %s.c, .h or %s-*' % (module, module, module))
    for name in sorted(classes):
        if not re.search(r'G_DECLARE_\w+ \(%s,|\b%s;|struct _%s\b' % (name, name, name), code):
            fail('docs/architecture.md names %s: no class or type of src/ has that name' % name)
    for name in sorted(functions):
        if not re.search(r'^%s \(' % name, code, re.M):
            fail('docs/architecture.md names %s (): src/ defines no such function' % name)
    for path in sorted(paths):
        if not os.path.exists(os.path.join(srcdir, path)):
            fail('docs/architecture.md names %s: no such file or directory' % path)
    print('%d modules, %d classes, %d functions, %d paths checked'
          % (len(modules), len(classes), len(functions), len(paths)))
    finish()


# ------------------------------------------------------- missing schema

def check_missing_schema(program, schema_id):
    """Started where its settings schema is not installed, the game says so
    in one line and exits, instead of GSettings' abort (a trap, exit 133)."""
    empty = tempfile.mkdtemp(prefix='arb-no-schema-')
    try:
        env = {k: v for k, v in os.environ.items()
               if k not in ('GSETTINGS_SCHEMA_DIR', 'DISPLAY', 'WAYLAND_DISPLAY')}
        env.update(XDG_DATA_DIRS=empty, GSETTINGS_SCHEMA_DIR=empty, LANGUAGE='C')
        result = subprocess.run([program], capture_output=True, text=True, env=env, timeout=60)
        lines = result.stderr.splitlines()
        if result.returncode != 1:
            fail('exit status %d, expected 1; stderr:\n%s' % (result.returncode, result.stderr))
        if len(lines) != 1 or schema_id not in lines[0] or 'not installed' not in lines[0]:
            fail('expected one line naming the missing schema %s, got:\n%s'
                 % (schema_id, result.stderr))
    finally:
        shutil.rmtree(empty, ignore_errors=True)
    finish()


# -------------------------------------------------------------- version

def check_version(game, cli, version, schema_dir):
    """`arboretum --version` and `arboretum-cli --version` print the
    project's version and exit 0; `arboretum --help` names the FILE argument.
    Neither needs a display."""
    env = {k: v for k, v in os.environ.items() if k not in ('DISPLAY', 'WAYLAND_DISPLAY')}
    env.update(GSETTINGS_SCHEMA_DIR=schema_dir, LANGUAGE='C', LC_ALL='C.UTF-8')
    for program, name in ((game, 'arboretum'), (cli, 'arboretum-cli')):
        result = subprocess.run([program, '--version'], capture_output=True, text=True,
                                env=env, timeout=60)
        if result.returncode != 0 or result.stdout.strip() != '%s %s' % (name, version):
            fail('%s --version: exit %d, printed %r, expected %r; stderr:\n%s'
                 % (name, result.returncode, result.stdout, '%s %s' % (name, version),
                    result.stderr))
    result = subprocess.run([game, '--help'], capture_output=True, text=True, env=env, timeout=60)
    if result.returncode != 0 or 'FILE' not in result.stdout or '--version' not in result.stdout:
        fail('arboretum --help: exit %d, no FILE argument or no --version in:\n%s%s'
             % (result.returncode, result.stdout, result.stderr))
    finish()


# ------------------------------------------------------------ tmp-clean

def check_tmp_clean(*command):
    """A test program leaves no directory behind in $TMPDIR (the
    XDG_DATA_HOME of its automatic saves, say): a developer's /tmp does not
    fill up with one per run. TMPDIR is set for PROGRAM alone, inside the
    WRAPPER (xvfb-run, dbus-run-session), which has files of its own; the
    last -- ends the wrapper's arguments."""
    if '--' not in command:
        print(__doc__)
        sys.exit(2)
    split = len(command) - 1 - list(reversed(command)).index('--')
    wrapper, program = list(command[:split]), list(command[split + 1:])
    tmp = tempfile.mkdtemp(prefix='arb-tmp-clean-')
    try:
        result = subprocess.run(wrapper + ['env', 'TMPDIR=' + tmp] + program,
                                capture_output=True, text=True, timeout=300)
        if result.returncode != 0:
            fail('%s failed (%d):\n%s%s' % (' '.join(program), result.returncode,
                                            result.stdout[-3000:], result.stderr[-3000:]))
        left = sorted(os.listdir(tmp))
        if left:
            fail('%s left in TMPDIR: %s' % (os.path.basename(program[0]), ', '.join(left)))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    finish()


# --------------------------------------------------------------- devenv

def check_devenv(builddir, srcdir):
    """README's `meson devenv -C build arboretum` on a desktop where
    XDG_DATA_DIRS is unset: the program must still see the system's icons
    and MIME database (/usr/share), after the source tree's data/."""
    env = {k: v for k, v in os.environ.items() if k != 'XDG_DATA_DIRS'}
    probe = 'import os; print(os.environ.get("XDG_DATA_DIRS", "<unset>"))'
    result = subprocess.run(['meson', 'devenv', '-C', builddir, sys.executable, '-c', probe],
                            capture_output=True, text=True, env=env, timeout=60)
    if result.returncode != 0:
        fail('meson devenv failed:\n' + result.stdout + result.stderr)
        finish()
    value = result.stdout.strip().splitlines()[-1] if result.stdout.strip() else ''
    dirs = value.split(':')
    data = os.path.realpath(os.path.join(srcdir, 'data'))
    if not dirs or os.path.realpath(dirs[0]) != data:
        fail('XDG_DATA_DIRS=%r: the source tree\'s data/ does not come first' % value)
    for wanted in ('/usr/local/share', '/usr/share'):
        if wanted not in dirs:
            fail('XDG_DATA_DIRS=%r with the variable unset: %s is lost' % (value, wanted))
    if '' in dirs:
        fail('XDG_DATA_DIRS=%r has an empty entry' % value)
    print('devenv: XDG_DATA_DIRS=%s' % value)
    finish()


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    command, args = argv[1], argv[2:]
    if command == 'po':
        check_po(*args)
    elif command == 'potfiles':
        check_potfiles(*args)
    elif command == 'manifest':
        check_manifest(*args)
    elif command == 'install':
        check_install(*args)
    elif command == 'ui':
        check_ui(*args)
    elif command == 'icons':
        check_icons(*args)
    elif command == 'spdx':
        check_spdx(*args)
    elif command == 'spdx-stray':
        check_spdx_stray(*args)
    elif command == 'engine-layers':
        check_engine_layers(*args)
    elif command == 'src-lengths':
        check_src_lengths(*args)
    elif command == 'docs-architecture':
        check_docs_architecture(*args)
    elif command == 'missing-schema':
        check_missing_schema(*args)
    elif command == 'version':
        check_version(*args)
    elif command == 'tmp-clean':
        check_tmp_clean(*args)
    elif command == 'devenv':
        check_devenv(*args)
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
