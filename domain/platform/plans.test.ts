import { describe, expect, it } from 'vitest';
import { PLAN_FEATURE, PLANS, planHas, planRequiredMessage, smallestPlanWith, upgradeDestination, UPGRADE_PATHS } from './plans.js';

describe('plans', () => {
  it('keeps feature numbers in the SPEC range 1-88, each once', () => {
    const numbers = Object.values(PLAN_FEATURE);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const n of numbers) expect(n >= 1 && n <= 88).toBe(true);
  });

  it('gives each plan the features of the smaller plans', () => {
    for (let i = 1; i < PLANS.length; i++) for (const f of PLANS[i - 1]!.features) expect(planHas(PLANS[i]!.id, f)).toBe(true);
  });

  it('gates features by plan', () => {
    expect(planHas('personal', 'commerce')).toBe(false);
    expect(planHas('business', 'commerce')).toBe(true);
    expect(planHas('business', 'subscriptions')).toBe(false);
    expect(planHas('commerce', 'subscriptions')).toBe(true);
    expect(planHas('nonsense', 'analytics')).toBe(false);
  });

  it('names the smallest plan that has the feature', () => {
    expect(smallestPlanWith('giftCards').id).toBe('business');
    expect(planRequiredMessage('subscriptions')).toBe('Product subscriptions is part of the Commerce plan. Upgrade your plan to use it.');
  });
});

describe('upgrade destinations (SPEC §2)', () => {
  it('sends a trial to the billing upgrade path and a paid site to the website-subscriptions path', () => {
    expect(upgradeDestination(3)).toBe(UPGRADE_PATHS.trialUpgrade);
    expect(upgradeDestination(1)).toBe(UPGRADE_PATHS.trialUpgrade);
    expect(upgradeDestination(8)).toBe(UPGRADE_PATHS.upgrade);
    expect(UPGRADE_PATHS.upgrade).toContain('website-subscriptions');
  });
});
