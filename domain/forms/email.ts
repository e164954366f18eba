// SPEC §5 email check: non-empty local part (UTF-8 allowed), a domain with a top-level
// domain, no whitespace anywhere; SPEC §9: 3 to 256 characters.
const FORM_EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.\d]{2,}$/u;
// SPEC §5 restock check: the general one, with a top-level domain of 2 to 4 alphanumerics.
const GENERAL_EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z0-9]{2,4}$/u;

function withinLength(value: string): boolean {
  return value.length >= 3 && value.length <= 256;
}

/** The email check of form fields (SPEC §5 "Email check"). */
export function isFormEmail(value: string): boolean {
  return withinLength(value) && FORM_EMAIL.test(value);
}

/** The general email check (restock sign-ups, newsletter addresses). */
export function isGeneralEmail(value: string): boolean {
  return withinLength(value) && GENERAL_EMAIL.test(value);
}

/** Lower-cases the domain only: local parts may be case-sensitive, domains never are. */
export function normalizeEmail(value: string): string {
  const at = value.lastIndexOf('@');
  return `${value.slice(0, at)}@${value.slice(at + 1).toLowerCase()}`;
}
