// Sign-up (components/AuthScreen.tsx): what the form says happens after "Create account" is what
// the flow does. A paid plan picked on the pricing screen goes on to its checkout; the free trial,
// or the default plan nobody picked, starts the 7-day trial with no card. In en / es / fr.
import { describe, expect, it } from '@jest/globals';
import React, { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { DEFAULT_SELECTED_TIER } from '@trainwright/catalogue';
import { SignUpPlanNotice, signUpPlan } from '../app/components/AuthScreen.js';
import i18n from '../app/i18n/index.js';

(globalThis as { React?: unknown }).React = React;

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

async function notice(language: string, ...args: Parameters<typeof signUpPlan>): Promise<string> {
  const instance = i18n.cloneInstance();
  await instance.changeLanguage(language);
  return text(renderToStaticMarkup(h(I18nextProvider, { i18n: instance }, h(SignUpPlanNotice, { plan: signUpPlan(...args) }))));
}

describe('sign-up: the plan notice says what happens', () => {
  it('goes to checkout for a paid plan picked on the pricing screen, and starts the trial otherwise', () => {
    expect(signUpPlan('professional', true)).toEqual({ kind: 'checkout', tier: 'professional' });
    expect(signUpPlan('enterprise', true)).toEqual({ kind: 'checkout', tier: 'enterprise' });
    expect(signUpPlan('free-trial', true)).toEqual({ kind: 'trial', then: null });
    // The specification's default (pro) is remembered, not charged.
    expect(signUpPlan(DEFAULT_SELECTED_TIER, false)).toEqual({ kind: 'trial', then: DEFAULT_SELECTED_TIER });
  });

  it.each([
    ['en', 'checkout', 'Professional', '$29', 'no credit card'],
    ['es', 'pago', 'Profesional', '29', 'sin tarjeta'],
    ['fr', 'paiement', 'Professionnel', '29', 'sans carte'],
  ])('%s: a paid plan names its checkout and price, and promises no card-free trial', async (language, checkout, plan, price, noCard) => {
    const shown = await notice(language, 'professional', true);
    expect(shown.toLowerCase()).toContain(checkout);
    expect(shown).toContain(plan);
    expect(shown).toContain(price);
    expect(shown.toLowerCase()).not.toContain(noCard);
  });

  it.each([
    ['en', 'no credit card', 'checkout'],
    ['es', 'sin tarjeta', 'pago'],
    ['fr', 'sans carte', 'paiement'],
  ])('%s: the trial says no card and no checkout', async (language, noCard, checkout) => {
    for (const [tier, picked] of [['free-trial', true], [DEFAULT_SELECTED_TIER, false]] as const) {
      const shown = (await notice(language, tier, picked)).toLowerCase();
      expect(shown).toContain(noCard);
      expect(shown).toContain('7');
      expect(shown).not.toContain(checkout);
    }
  });
});
