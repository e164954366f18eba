import { ownerFetch } from '../../api.js';
import { useLoad } from '../../use-load.js';
import { ErrorPanel, Skeleton } from '../../ui/states.js';

interface MissingText { kind: string; entityId: string; fieldKey: string; entityTitle: string; source: string }

/** The texts a language is missing (the side-by-side editor is the next slice: docs/api/languages.md). */
export function MissingTexts({ language }: { language: string }) {
  const { result, retry } = useLoad(`missing-${language}`, () =>
    ownerFetch<{ texts: MissingText[] }>('GET', `/api/multilingual/translations?language=${encodeURIComponent(language)}&status=missing`),
  );
  if (result.state === 'loading') return <Skeleton label="Loading texts" />;
  if (result.state === 'error') return <ErrorPanel message={result.message} onRetry={retry} />;
  return (
    <section className="languages-missing" aria-label={`Texts missing in ${language}`}>
      <h2>Missing in {language}</h2>
      <ul>
        {result.data.texts.map((t) => (
          <li key={`${t.kind}/${t.entityId}/${t.fieldKey}`}>
            <span className="languages-where">{t.entityTitle}</span> {t.source}
          </li>
        ))}
      </ul>
    </section>
  );
}
