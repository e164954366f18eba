/**
 * `summary-form-field`: one answered form field in an order summary, for every
 * field type (SPEC §3 form summary field: type, rawTitle, value, values).
 * SPEC §8 fallbacks: 'N/A' for an empty answer and the five likert labels.
 */
import { escapeHtml } from '../../escape.js';
import { asString, getKey, isObject, ownEntry } from '../../values.js';
import type { Formatter, RenderContext } from '../../plugin-contract.js';
import { COMMERCE_TEMPLATES, type CommerceTemplateName } from './templates/index.js';

const FIELD_TEMPLATES: Readonly<Record<string, CommerceTemplateName>> = {
  address: 'summary-form-field-address',
  checkbox: 'summary-form-field-checkbox',
  date: 'summary-form-field-date',
  likert: 'summary-form-field-likert',
  name: 'summary-form-field-name',
  phone: 'summary-form-field-phone',
  time: 'summary-form-field-time',
};

const LIKERT_LABELS: ReadonlyArray<[string, string, string]> = [
  ['-2', 'productAnswerMapStronglyDisagree', 'Strongly Disagree'],
  ['-1', 'productAnswerMapDisagree', 'Disagree'],
  ['0', 'productAnswerMapNeutral', 'Neutral'],
  ['1', 'productAnswerMapAgree', 'Agree'],
  ['2', 'productAnswerMapStronglyAgree', 'Strongly Agree'],
];

/** Likert answers are scores -2..2; an unknown score reads as neutral. */
export function likertAnswers(values: unknown, strings: unknown): { question: string; answer: string }[] {
  const labels = new Map<string, string>();
  for (const [score, key, fallback] of LIKERT_LABELS) {
    const text = getKey(strings, key);
    labels.set(score, typeof text === 'string' ? text : fallback);
  }
  if (!isObject(values)) return [];
  return Object.entries(values).map(([question, score]) => ({
    question,
    answer: labels.get(asString(score)) || labels.get('0')!,
  }));
}

function answerMarkup(field: unknown, ctx: RenderContext): string {
  const template = ownEntry(FIELD_TEMPLATES, asString(getKey(field, 'type')));
  if (template === undefined) return escapeHtml(asString(getKey(field, 'value')));
  const data =
    template === 'summary-form-field-likert'
      ? { answers: likertAnswers(getKey(field, 'values'), ctx.resolve('localizedStrings')) }
      : field;
  return ctx.renderTemplate(COMMERCE_TEMPLATES[template], data);
}

export const summaryFormField: Formatter = (field, _args, ctx) => {
  const noAnswer = asString(ctx.resolve('localizedStrings.productSummaryFormNoAnswerText')).trim();
  return ctx.renderTemplate(COMMERCE_TEMPLATES['summary-form-field'], {
    title: asString(getKey(field, 'rawTitle')),
    answer: answerMarkup(field, ctx),
    noAnswerText: noAnswer === '' ? 'N/A' : noAnswer,
  });
};
