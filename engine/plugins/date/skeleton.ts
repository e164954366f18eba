/**
 * CLDR date skeletons (`yMMMEEEd`, `Bh`, `hm`) as Intl.DateTimeFormat options,
 * so the platform's ICU picks the locale's pattern for them.
 */
type Opts = Intl.DateTimeFormatOptions;

const TEXT_WIDTH = ['short', 'short', 'short', 'long', 'narrow'] as const;

function numberOrText(n: number): Opts['month'] {
  if (n === 1) return 'numeric';
  if (n === 2) return '2-digit';
  return TEXT_WIDTH[Math.min(n, 5) - 1];
}

/** Fields of a skeleton, one entry per run of the same letter. */
function runs(skeleton: string): [string, number][] {
  const out: [string, number][] = [];
  for (const ch of skeleton) {
    const last = out[out.length - 1];
    if (last && last[0] === ch) last[1]++;
    else out.push([ch, 1]);
  }
  return out;
}

/**
 * Translate a skeleton; unknown letters are ignored.
 * @example skeletonOptions('yMMMd') // { year: 'numeric', month: 'short', day: 'numeric' }
 */
export function skeletonOptions(skeleton: string): Opts {
  const o: Opts = {};
  for (const [ch, n] of runs(skeleton)) {
    switch (ch) {
      case 'G':
        o.era = TEXT_WIDTH[Math.min(n, 5) - 1];
        break;
      case 'y':
      case 'Y':
      case 'u':
        o.year = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'M':
      case 'L':
        o.month = numberOrText(n);
        break;
      case 'd':
        o.day = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'E':
      case 'c':
      case 'e':
        o.weekday = TEXT_WIDTH[Math.min(n, 5) - 1];
        break;
      case 'h':
      case 'K':
        o.hour = n === 2 ? '2-digit' : 'numeric';
        o.hour12 = true;
        break;
      case 'H':
      case 'k':
        o.hour = n === 2 ? '2-digit' : 'numeric';
        o.hourCycle = 'h23';
        break;
      case 'j':
        o.hour = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'm':
        o.minute = n === 2 ? '2-digit' : 'numeric';
        break;
      case 's':
        o.second = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'B':
        o.dayPeriod = TEXT_WIDTH[Math.min(n, 5) - 1];
        break;
      case 'z':
        o.timeZoneName = n >= 4 ? 'long' : 'short';
        break;
      case 'v':
        o.timeZoneName = n >= 4 ? 'longGeneric' : 'shortGeneric';
        break;
      case 'O':
        o.timeZoneName = n >= 4 ? 'longOffset' : 'shortOffset';
        break;
      default:
        break;
    }
  }
  return o;
}

/** Does the skeleton name any date field (era, year, month, day, weekday)? */
export function hasDateFields(skeleton: string): boolean {
  return /[GyYuMLdEce]/.test(skeleton);
}

/** Does the skeleton name any time field? */
export function hasTimeFields(skeleton: string): boolean {
  return /[hHkKjmsBz]/.test(skeleton);
}
