import { useEffect, useState } from 'react';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { useOwner } from '../../context.js';
import { formatTime } from '../../format.js';
import { Button } from '../../ui/button.js';
import { Checkbox, SelectField, TextField } from '../../ui/fields.js';
import { useToast } from '../../ui/toast.js';

/** What the screen reads of /api/owner/members (docs/api/members.md). */
interface Area {
  id: string;
  name: string;
  access: 'free' | 'one-time' | 'recurring';
  priceCents: number;
  currency: string;
  version: number;
  pages: { pageId: string; title: string; slug: string; teaserSections: number | null }[];
  activeMembers: number;
}
interface Member {
  id: string;
  email: string;
  state: 'active' | 'revoked' | 'ended';
  source: string;
  grantedBy: string | null;
  startsOn: number;
  endsOn: number | null;
}
interface PageRow {
  id: string;
  title: string;
}

const API = '/api/owner/members';
const ACCESS = [
  { value: 'free', label: 'Free sign-up' },
  { value: 'one-time', label: 'One-time price' },
  { value: 'recurring', label: 'Monthly plan' },
] as const;
const accessText = (a: Area) => (a.access === 'free' ? 'Free' : `${(a.priceCents / 100).toFixed(2)} ${a.currency}${a.access === 'recurring' ? ' a month' : ' once'}`);
const errorText = (e: unknown) => (e instanceof OwnerApiError ? e.message : TEXT.failed);

/**
 * /config/members: member areas with the pages they protect, the members of the chosen area
 * (plan and state), grant and revoke by hand, and a CSV export.
 */
export function MembersScreen() {
  const { timeZone } = useOwner();
  const toast = useToast();
  const [areas, setAreas] = useState<Area[]>([]);
  const [pages, setPages] = useState<PageRow[]>([]);
  const [chosen, setChosen] = useState('');
  const [members, setMembers] = useState<Member[]>([]);
  const [name, setName] = useState('');
  const [access, setAccess] = useState<Area['access']>('free');
  const [price, setPrice] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [formError, setFormError] = useState('');
  const [email, setEmail] = useState('');
  const [grantError, setGrantError] = useState('');
  const [busy, setBusy] = useState('');

  const loadAreas = async () => {
    const answer = await ownerFetch<{ areas: Area[] }>('GET', `${API}/areas`);
    setAreas(answer.areas);
    setChosen((current) => current || answer.areas[0]?.id || '');
  };
  useEffect(() => {
    void loadAreas().catch((e) => toast(errorText(e)));
    void ownerFetch<{ pages: PageRow[] }>('GET', '/api/pages?limit=100')
      .then((a) => setPages(a.pages))
      .catch(() => undefined);
  }, []);
  const loadMembers = async (areaId: string) => {
    if (!areaId) return setMembers([]);
    setMembers((await ownerFetch<{ members: Member[] }>('GET', `${API}/areas/${encodeURIComponent(areaId)}/members`)).members);
  };
  useEffect(() => {
    void loadMembers(chosen).catch((e) => toast(errorText(e)));
  }, [chosen]);

  const create = async () => {
    setBusy('create');
    setFormError('');
    try {
      const priceCents = access === 'free' ? 0 : Math.round(Number(price) * 100);
      const made = await ownerFetch<{ area: Area }>('POST', `${API}/areas`, { name, access, priceCents, pages: picked.map((pageId) => ({ pageId, teaserSections: null })) });
      toast(`Member area ${made.area.name} created.`);
      setName('');
      setPrice('');
      setPicked([]);
      setChosen(made.area.id);
      await loadAreas();
    } catch (e) {
      setFormError(e instanceof OwnerApiError ? (Object.values(e.fields)[0] ?? e.message) : TEXT.failed);
    } finally {
      setBusy('');
    }
  };
  const grant = async () => {
    setBusy('grant');
    setGrantError('');
    try {
      setMembers((await ownerFetch<{ members: Member[] }>('POST', `${API}/areas/${encodeURIComponent(chosen)}/members`, { email })).members);
      toast(`${email} is now a member.`);
      setEmail('');
      await loadAreas();
    } catch (e) {
      setGrantError(e instanceof OwnerApiError ? (e.fields.email ?? e.message) : TEXT.failed);
    } finally {
      setBusy('');
    }
  };
  const revoke = async (m: Member) => {
    setBusy(m.id);
    try {
      setMembers((await ownerFetch<{ members: Member[] }>('POST', `${API}/areas/${encodeURIComponent(chosen)}/members/${encodeURIComponent(m.id)}/revoke`)).members);
      toast(`Access of ${m.email} revoked.`);
      await loadAreas();
    } catch (e) {
      toast(errorText(e));
    } finally {
      setBusy('');
    }
  };
  const area = areas.find((a) => a.id === chosen);

  return (
    <>
      <h1>Members</h1>
      <section aria-labelledby="member-areas-title">
        <h2 id="member-areas-title">Member areas</h2>
        {areas.length === 0 ? <p>No member areas yet. Create one to keep pages for members.</p> : null}
        <ul className="member-areas">
          {areas.map((a) => (
            <li key={a.id}>
              <button type="button" className="linklike" aria-pressed={a.id === chosen} onClick={() => setChosen(a.id)}>
                {a.name}
              </button>{' '}
              — {accessText(a)}, {a.activeMembers} active {a.activeMembers === 1 ? 'member' : 'members'}; pages: {a.pages.map((p) => p.title).join(', ') || 'none'}
            </li>
          ))}
        </ul>
        <details>
          <summary>New member area</summary>
          <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
          <SelectField label="Access" value={access} onChange={(e) => setAccess(e.target.value as Area['access'])} options={ACCESS} />
          {access === 'free' ? null : <TextField label="Price" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />}
          <fieldset>
            <legend>Pages for members only</legend>
            {pages.map((p) => (
              <Checkbox
                key={p.id}
                label={p.title}
                checked={picked.includes(p.id)}
                onChange={(e) => setPicked((now) => (e.target.checked ? [...now, p.id] : now.filter((id) => id !== p.id)))}
              />
            ))}
          </fieldset>
          {formError ? <p role="alert">{formError}</p> : null}
          <Button busy={busy === 'create'} onClick={() => void create()}>
            Create member area
          </Button>
        </details>
      </section>
      {area ? (
        <section aria-labelledby="members-title">
          <h2 id="members-title">Members of {area.name}</h2>
          <p>
            <a href={`${API}/areas/${encodeURIComponent(area.id)}/members.csv`} download>
              Export CSV
            </a>
          </p>
          <div className="member-grant">
            <TextField label="Grant access to (email)" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={grantError || undefined} />
            <Button busy={busy === 'grant'} onClick={() => void grant()}>
              Grant access
            </Button>
          </div>
          {members.length === 0 ? (
            <p>No members yet.</p>
          ) : (
            <table className="owner-table">
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Plan</th>
                  <th scope="col">State</th>
                  <th scope="col">Since</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {members.map((m) => (
                  <tr key={m.id} data-member={m.email}>
                    <td>{m.email}</td>
                    <td>
                      {accessText(area)} ({m.source}
                      {m.grantedBy ? ` by ${m.grantedBy}` : ''})
                    </td>
                    <td data-state={m.state}>{m.state}</td>
                    <td>{formatTime(m.startsOn, timeZone)}</td>
                    <td>
                      {m.state === 'active' ? (
                        <Button variant="secondary" busy={busy === m.id} aria-label={`Revoke access of ${m.email}`} onClick={() => void revoke(m)}>
                          Revoke
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ) : null}
    </>
  );
}
