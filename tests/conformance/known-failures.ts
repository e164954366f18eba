/**
 * Target fixtures that do not pass yet, each with the exact reason. A listed
 * fixture runs as an expected failure: when it starts to pass, the suite fails
 * until it is removed from this list.
 * All of them are outputs of the `unit` formatter (engine/plugins/i18n/units) whose every formatted value matches the
 * expected file once blank lines and indentation are ignored: the expected file's
 * line layout does not follow its NAME-in.html template (the reference rendered a
 * different copy of the template), so only special-casing the fixture could pass them.
 */
export const KNOWN_FAILURES: Readonly<Record<string, string>> = {
  "plugins/i18n/units/area-out-fr-FR.html":
    "layout: expected a blank line after the 2nd output line and none before \"-184,9mi\\u00b2\"; area-in.html has the blank line after the 3rd and before it (the en-US output follows the template)",
  "plugins/i18n/units/digital-out-en-US.html":
    "layout: expected a blank line between \"8 bits\" and \"-1.4 bytes\"; digital-in.html has none there",
  "plugins/i18n/units/digital-out-fr-FR.html":
    "layout: expected a blank line between \"8 bits\" and \"-1,4 octet\"; digital-in.html has none there",
  "plugins/i18n/units/energy-out-en-US.html":
    "layout: every expected line starts with a space (\" 720 joules\"); energy-in.html's lines do not",
  "plugins/i18n/units/energy-out-fr-FR.html":
    "layout: every expected line starts with a space (\" 720 joules\"); energy-in.html's lines do not",
  "plugins/i18n/units/length-out-en-US.html":
    "layout: expected one blank line between \"-2 miles 2255 feet 9.4 inches\" and \"7,560mi\"; the template's newline after {.end} plus its blank line give two (README: the newline after {.end} is emitted)",
  "plugins/i18n/units/length-out-fr-FR.html":
    "layout: expected one blank line between \"-3 kilom\\u00e8tres 906 m\\u00e8tres 25 centim\\u00e8tres\" and \"12\\u00a0166,6km\"; the template's newline after {.end} plus its blank line give two (README: the newline after {.end} is emitted)",
  "plugins/i18n/units/mass-out-en-US.html":
    "layout: expected one blank line between \"-430 tons 1,180 pounds 11.4 ounces\" and \"528 tons\"; the template's newline after {.end} plus its blank line give two (README: the newline after {.end} is emitted)",
  "plugins/i18n/units/mass-out-fr-FR.html":
    "layout: expected one blank line between \"-390 tonnes 625 kilogrammes\" and \"479 tonnes\"; the template's newline after {.end} plus its blank line give two (README: the newline after {.end} is emitted)",
};
