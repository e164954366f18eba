/**
 * Target fixtures that do not pass yet, each with the exact reason. A listed
 * fixture runs as an expected failure: when it starts to pass, the suite fails
 * until it is removed from this list.
 */
export const KNOWN_FAILURES: Readonly<Record<string, string>> = {};
