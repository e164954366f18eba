import { groupScreens, type NavScreen } from '../navigation.js';
import { Link } from '../router.js';
import { useOwner } from '../context.js';
import { EmptyState } from '../ui/states.js';

/** /config/: the site's name and the areas this contributor may open. */
export function OverviewScreen({ screens }: { screens: readonly NavScreen[] }) {
  const { siteTitle } = useOwner();
  const groups = groupScreens(screens);
  return (
    <>
      <h1>{siteTitle}</h1>
      {groups.length === 0 ? (
        <EmptyState title="Nothing to manage yet.">
          <p>Your roles give you no screens here. Ask the site owner for access.</p>
        </EmptyState>
      ) : (
        <ul className="owner-overview">
          {groups.map((g) => (
            <li key={g.area}>
              <h2>{g.area}</h2>
              <ul>
                {g.screens.map((s) => (
                  <li key={s.path}>
                    <Link href={s.path}>{s.label}</Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
