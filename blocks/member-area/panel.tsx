import { ChoiceList, OtherFields, useOwnerGet, type BlockPanelProps } from '../../client/editor/screens/page-editor/panel-kit.js';
import { ErrorPanel, Skeleton } from '../../client/editor/ui/states.js';

interface AreaChoice {
  id: string;
  name: string;
  access: 'free' | 'one-time' | 'recurring';
  activeMembers: number;
}

const ACCESS: Record<AreaChoice['access'], string> = { free: 'Free sign-up', 'one-time': 'Paid once', recurring: 'Monthly plan' };

/**
 * The member-area block's settings (block 67): its title (the generic text field) and the
 * member area it shows, picked from the site's areas (GET /api/owner/members/areas).
 */
export function MemberAreaPanel(props: BlockPanelProps) {
  const { value, onChange } = props;
  const areas = useOwnerGet<{ areas: AreaChoice[] }>('/api/owner/members/areas');
  const chosen = String(value.area ?? '');
  const current = areas.state === 'ready' ? areas.data.areas.find((a) => a.id === chosen) : undefined;
  return (
    <>
      <OtherFields {...props} skip={['area']} />
      <div className="pe-fields">
        <p className="pe-muted" data-chosen-area>
          {chosen ? `Showing: ${current?.name ?? 'an area that no longer exists'}` : 'No member area chosen yet.'}
        </p>
        {areas.state === 'loading' ? <Skeleton rows={2} label="Loading member areas" /> : null}
        {areas.state === 'error' ? <ErrorPanel message={areas.message} onRetry={areas.retry} /> : null}
        {areas.state === 'ready' && areas.data.areas.length === 0 ? <p className="pe-muted">This site has no member areas yet (Members screen).</p> : null}
        {areas.state === 'ready' ? (
          <ChoiceList label="Member areas" items={areas.data.areas} chosen={chosen} onPick={(a) => onChange({ ...value, area: a.id }, 'area')}>
            {(a) => (
              <>
                <span>{a.name}</span>
                <small>
                  {ACCESS[a.access]}, {a.activeMembers === 1 ? '1 member' : `${a.activeMembers} members`}
                </small>
              </>
            )}
          </ChoiceList>
        ) : null}
      </div>
    </>
  );
}
