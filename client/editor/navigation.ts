/** One screen the server says the signed-in contributor may open (edge/pages/config/shell.ts). */
export interface NavScreen {
  path: string;
  label: string;
  area: string;
}

/** The navigation's areas in order (issue 24); screens of other areas go last. */
const AREA_ORDER = ['Pages', 'Products', 'Orders', 'Customers', 'Marketing', 'Analytics', 'Files', 'Settings'];

/** The screens grouped by area, in area order; areas without a screen are left out. */
export function groupScreens(screens: readonly NavScreen[]): { area: string; screens: NavScreen[] }[] {
  const groups = new Map<string, NavScreen[]>();
  for (const s of screens) groups.set(s.area, [...(groups.get(s.area) ?? []), s]);
  const rank = (area: string) => {
    const i = AREA_ORDER.indexOf(area);
    return i === -1 ? AREA_ORDER.length : i;
  };
  return [...groups.entries()].sort(([a], [b]) => rank(a) - rank(b)).map(([area, list]) => ({ area, screens: list }));
}

/** The navigation entry a path belongs to: the longest screen path it starts with. */
export function currentScreen(screens: readonly NavScreen[], pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best = '/config/';
  for (const s of screens) if ((path === s.path || path.startsWith(`${s.path}/`)) && s.path.length > best.length) best = s.path;
  return best;
}
