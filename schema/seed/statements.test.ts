import { describe, expect, it } from 'vitest';
import { inlineStatement, insertRow, sqlLiteral } from './statements.js';
import { templates } from '../templates.js';

describe('sqlLiteral', () => {
  it('quotes text and doubles single quotes', () => {
    expect(sqlLiteral("We'll be back")).toBe("'We''ll be back'");
    expect(sqlLiteral('a ? b; c')).toBe("'a ? b; c'");
  });

  it('writes numbers, booleans and null bare', () => {
    expect(sqlLiteral(3800)).toBe('3800');
    expect(sqlLiteral(true)).toBe('1');
    expect(sqlLiteral(null)).toBe('NULL');
    expect(() => sqlLiteral(Number.NaN)).toThrow();
  });
});

describe('inlineStatement', () => {
  it('fills placeholders in order and leaves quoted question marks alone', () => {
    expect(inlineStatement({ sql: `select ?, '?', "a?" , ?`, params: ["it's", 2] })).toBe(`select 'it''s', '?', "a?" , 2;`);
  });

  it('rejects a parameter count that does not match', () => {
    expect(() => inlineStatement({ sql: 'select ?', params: [] })).toThrow();
    expect(() => inlineStatement({ sql: 'select 1', params: [1] })).toThrow();
  });

  it('renders a drizzle insert that ignores conflicts', () => {
    const statement = insertRow(templates, { websiteId: 'w', path: 'site.region', content: "{.section x}it's{.end}", hash: 'h', updatedOn: 1 });
    expect(inlineStatement(statement)).toBe(
      `insert into "templates" ("website_id", "path", "content", "hash", "updated_on") values ('w', 'site.region', '{.section x}it''s{.end}', 'h', 1) on conflict do nothing;`,
    );
  });
});
