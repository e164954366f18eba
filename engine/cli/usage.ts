/** The `--help` text of `atelier` and of each command. */

export const MAIN_USAGE = `Usage: atelier <command> [options]

Tools for Atelier template authors.

Commands:
  render <template>        render a template with JSON data and print the output
  check <files or dirs...> compile templates and report every error
  test <dirs...>           run fixture files and diff their output
  json <url-or-file>       pretty print a page's context JSON
  lint <dir>               find theme mistakes: compile errors, unknown formatters,
                           missing or unused partials, variables no page provides
  reference                print the formatter and predicate reference (Markdown)
  pull [dir]               write a site's live theme version into <dir>
  push [dir]               upload <dir> as a new theme version (--publish to go live)
  publish --version <n>    make a theme version live
  rollback [--version <n>] make the previous (or an earlier) theme version live again
  dev --site <url>         serve the site with the local theme, reloading on changes

Options:
  -h, --help               show this help (also: atelier <command> --help)

Exit status: 0 on success, 1 when something failed, 2 on a usage mistake.
`;

export const RENDER_USAGE = `Usage: atelier render <template> [options]

Render a template and print the output. Errors go to stderr as
"file:line:column  code  message" with the source line and a caret;
the exit status is 1 when there were errors.

Options:
  -d, --data <file.json>   the data (page context) to render; default {}
  -p, --partials <dir>     every *.html file under <dir> is a partial, named as the
                           edge names theme files: its path relative to <dir> without
                           and with ".html", and its bare name when unique
                           (partials/card.html: partials/card, partials/card.html, card)
  -l, --locale <tag>       BCP-47 locale (default en-US; "none" = no locale data)
      --tz <zone>          time zone when the data has no website.timeZone
                           (default America/New_York)
      --now <time>         fixed "now": epoch milliseconds or an ISO 8601 date
      --layout <file>      then render <file> around the output, which it prints
                           with {pageContent} (what the edge does with layout.html)
  -h, --help               show this help

Example, a published page rendered locally with the demo theme:
  atelier json https://demo.atelier.test/shop/mug > page.json
  atelier render fixtures/theme/product.html --data page.json \
    --partials fixtures/theme --layout fixtures/theme/layout.html
`;

export const CHECK_USAGE = `Usage: atelier check <files or dirs...> [options]

Compile every template and report every error as
"file:line:column  code  message" with the source line and a caret.
A directory is a theme: all its *.html files (pages and partials) are checked,
and every {x|apply name} must name one of its templates (as the edge names
them: path without or with ".html", or the bare file name when unique) or a
macro of the template. Exits 0 only when every template is clean.

Options:
  -p, --partials <dir>     also accept the templates under <dir> as partials
                           (and check the apply calls of files given one by one)
  -q, --quiet              print errors only, no summary line
  -h, --help               show this help
`;

export const TEST_USAGE = `Usage: atelier test <dirs or files...> [options]

Run fixture files: sections :TEMPLATE, :OUTPUT and optional :JSON, :PARTIALS,
:INJECT, :PARAMS or :PROPERTIES (locale, now, timeZone), the format of the
conformance corpus. Files without :TEMPLATE and :OUTPUT are skipped. A fixture
passes when it compiles cleanly and its output equals :OUTPUT (ends trimmed).
Each failure prints a unified diff; the last line is "N passed, M failed".

Options:
  -f, --filter <text>      run only fixtures whose path contains <text>
  -h, --help               show this help
`;

export const JSON_USAGE = `Usage: atelier json <url-or-file> [options]

Pretty print a page's context JSON: the data its template renders.
An http(s) URL is fetched with ?format=json added when absent (a published
page's context); anything else is read as a JSON file.

Options:
      --indent <n>         spaces per level (default 2)
  -h, --help               show this help
`;

const REMOTE_OPTIONS = `      --site <url>         the site (default: the one recorded by "atelier pull" in
                           <dir>/.atelier-theme.json)
      --token <token>      an API token of the site (default: $ATELIER_TOKEN); create
                           one in the owner area under Settings → API tokens`;

export const DEV_USAGE = `Usage: atelier dev --site <url> --token <token> [--theme <dir>] [--port <n>]

Serve the live site at http://127.0.0.1:<port> (default 4000) with the theme files
of <dir> (default: the current folder): each page is rendered locally with the
page's live context (?format=json), files under /theme/ come from <dir>, and the
browser reloads when a file changes (CSS included). A template that does not compile
shows an overlay with file:line:col and the caret. Nothing is written to the site:
only GET and HEAD are passed on. Needs theme:read.

Options:
${REMOTE_OPTIONS}
      --theme <dir>        the theme folder (default: the current folder)
      --port <n>           the local port (default 4000; 0 picks a free one)
  -h, --help               show this help
`;

export const PULL_USAGE = `Usage: atelier pull --site <url> --token <token> [dir]

Write the site's live theme version into <dir> (default: the current folder)
and record the site and version in <dir>/.atelier-theme.json, so that a later
push can tell when someone else published in between. Needs theme:read.

Options:
${REMOTE_OPTIONS}
  -h, --help               show this help
`;

export const PUSH_USAGE = `Usage: atelier push [dir] [--publish] [--force] [options]

Upload every file under <dir> (default: the current folder) as a new, unpublished
theme version and print its preview URL. Refused when the live version changed
since the pull recorded in .atelier-theme.json, unless --force. Needs theme:write.

Options:
${REMOTE_OPTIONS}
      --publish            publish the new version at once (refused, with each
                           template error as file:line:col, if one does not compile)
      --force              push even though the live version changed since the pull
      --note <text>        a note kept with the version
  -h, --help               show this help
`;

export const PUBLISH_USAGE = `Usage: atelier publish --version <n> [options]

Make theme version <n> live. Every template is compiled first: a version with
errors is refused and the errors print as file:line:col. Needs theme:write.

Options:
${REMOTE_OPTIONS}
  -h, --help               show this help
`;

export const ROLLBACK_USAGE = `Usage: atelier rollback [--version <n>] [options]

Make an earlier theme version live again in one step: the one live before the
current one, or <n>. Needs theme:write.

Options:
${REMOTE_OPTIONS}
  -h, --help               show this help
`;

export const LINT_USAGE = `Usage: atelier lint <dir> [--data page.json ...]
       atelier lint --site <url> --token <token> [--version <n>]

Find mistakes in a theme folder (or a site's live theme version, or version <n>,
read with a theme:read token), each as "file:line:column  code  message" with
the source line and a caret, and a suggestion where one is close:
  - compile errors, unknown formatters and predicates among them
  - {x|apply name} of a partial the theme does not have (PARTIAL_MISSING)
  - partials no template applies (PARTIAL_UNUSED, a warning)
  - blocks/<type>.html of no block type (BLOCK_TYPE_UNKNOWN), and block types a
    theme with block partials has none for (a warning)
  - variables a page template reads that its page type never provides
    (VARIABLE_UNKNOWN: "did you mean item.title?"), from the fields each page
    type has (docs/page-context.md, "Fields per page type")
Exits 1 when there is an error (warnings alone exit 0).

Options:
  -d, --data <file.json>   a page's context JSON ("atelier json <url> > page.json"):
                           its page type is checked against these real fields
                           instead of the documented ones; repeat for more pages
  -q, --quiet              print problems only, no summary line
      --site <url>         lint the site's theme instead of a folder (with --token
                           or $ATELIER_TOKEN)
      --version <n>        with --site: that version (a draft too) instead of the live one
  -h, --help               show this help
`;
