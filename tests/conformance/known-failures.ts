/**
 * Target fixtures that do not pass yet, each with the exact reason. A listed
 * fixture runs as an expected failure: when it starts to pass, the suite fails
 * until it is removed from this list.
 * All of them are `unit` formatter outputs (issue 3, still open): first differing line shown.
 */
export const KNOWN_FAILURES: Readonly<Record<string, string>> = {
  "plugins/i18n/f-unit-digital-en-US.html":
    "unit: expected \"126.3 megabits\", got \"15.1 megabytes\"",
  "plugins/i18n/f-unit-duration-en-US.html":
    "unit: expected \"2.3 centuries\", got \"234.2 years\"",
  "plugins/i18n/f-unit-length-en-US.html":
    "unit: expected \"293,354,727,123,709.6 miles\", got \"293,354,727,123,709.5 miles\"",
  "plugins/i18n/units/acceleration-out-fr-FR.html":
    "unit: expected \"9,8 m/s\\u00b2\", got \"9,8m/s\\u00b2\"",
  "plugins/i18n/units/angle-out-fr-FR.html":
    "unit: expected \"21886\\u00b0 6\\u2032 18,7\\u2033\", got \"21886\\u00b0 6 arcmins 18,7 arcsecs\"",
  "plugins/i18n/units/area-out-fr-FR.html":
    "unit: expected \"610 cm\\u00b2\", got \"610cm\\u00b2\"",
  "plugins/i18n/units/consumption-out-en-US.html":
    "unit: expected \"1mpg\", got \"\"",
  "plugins/i18n/units/consumption-out-fr-FR.html":
    "unit: expected \"235,2l/100km\", got \"\"",
  "plugins/i18n/units/digital-out-en-US.html":
    "unit: expected \"\", got \"-1.4 bytes\"",
  "plugins/i18n/units/digital-out-fr-FR.html":
    "unit: expected \"0 octet\", got \"0\\u00a0octet\"",
  "plugins/i18n/units/duration-out-en-US.html":
    "unit: expected \"3 months 21 days 17 hours 13 minutes 7 seconds\", got \"3 months 21 days 17 hours 13 minutes 13.5 seconds\"",
  "plugins/i18n/units/duration-out-fr-FR.html":
    "unit: expected \"38a 8m 5,8j\", got \"38a 8m. 5,8j\"",
  "plugins/i18n/units/electric-out-fr-FR.html":
    "unit: expected \"1904,9 A\", got \"1904,9A\"",
  "plugins/i18n/units/energy-out-en-US.html":
    "unit: expected \" 720 joules\", got \"720 joules\"",
  "plugins/i18n/units/energy-out-fr-FR.html":
    "unit: expected \" 720 joules\", got \"720 joules\"",
  "plugins/i18n/units/frequency-out-fr-FR.html":
    "unit: expected \"11 Hz\", got \"11Hz\"",
  "plugins/i18n/units/length-out-en-US.html":
    "unit: expected \"7,560mi\", got \"\" (and a compile error: an argument form the unit formatter does not parse yet)",
  "plugins/i18n/units/length-out-fr-FR.html":
    "unit: expected \"-3km 906m 25cm\", got \"-2mi 2255\\u2032 9,4\\u2033\" (and a compile error: an argument form the unit formatter does not parse yet)",
  "plugins/i18n/units/mass-out-en-US.html":
    "unit: expected \"-430.6tn\", got \"\" (and a compile error: an argument form the unit formatter does not parse yet)",
  "plugins/i18n/units/mass-out-fr-FR.html":
    "unit: expected \"-390,6 t\", got \"\" (and a compile error: an argument form the unit formatter does not parse yet)",
  "plugins/i18n/units/power-out-fr-FR.html":
    "unit: expected \"975\\u00a0132,6 gigawatts\", got \"975\\u202f132,6 gigawatts\"",
  "plugins/i18n/units/speed-out-en-US.html":
    "unit: expected \"2,558,017mph\", got \"\"",
  "plugins/i18n/units/speed-out-fr-FR.html":
    "unit: expected \"4\\u00a0116\\u00a0729,3km/h\", got \"\"",
  "plugins/i18n/units/temperature-out-fr-FR.html":
    "unit: expected \"-11,7 degr\\u00e9s Celsius\", got \"-11,7\\u00a0degr\\u00e9s Celsius\"",
  "plugins/i18n/units/volume-out-en-US.html":
    "unit: expected \"8.9mi\\u00b3\", got \"\"",
  "plugins/i18n/units/volume-out-fr-FR.html":
    "unit: expected \"8,9mi\\u00b3\", got \"\"",
};
