// The sign-in / sign-up / pricing screen shown to everyone who is not signed in (part 1,
// section 2). Pricing <-> form; sign-in <-> sign-up. Choosing a tier remembers it as selectedTier
// and opens the sign-up form.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SELECTED_TIER, TIER_IDS, TIERS, type TierId } from '@trainwright/catalogue';
import { useAuth } from '~/lib/auth';
import { billingApi, goTo, type PaidTierId } from '~/lib/billing';
import { errorText } from '~/lib/errors';
import { useHydrated } from '~/lib/server-data';
import { LanguageSwitcher } from './LanguageSwitcher';
import { TierCard } from './TierCard';
import { Button, ErrorBox, Field, Spinner, buttonClass, cx, describedBy, inputClass } from './ui';
import { formatPrice, planName } from '~/lib/format';

type View = 'signIn' | 'signUp' | 'pricing';
type FieldName = 'name' | 'company' | 'email' | 'password';

/** Mirrors the server's rule for new passwords. */
export const MIN_PASSWORD_LENGTH = 8;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const TRIAL_DAYS = TIERS['free-trial'].limits.trialDays;

/** What "Create account" leads to: the free trial (remembering a plan for later) or a plan's checkout. */
export type SignUpPlan = { kind: 'trial'; then: TierId | null } | { kind: 'checkout'; tier: PaidTierId };

/**
 * Only a paid plan picked on the pricing screen leads into its checkout; the default ("sign-up tier
 * pro") is remembered as the choice but starts the free trial, no card needed. The flow and the
 * notice both read this, so the screen says what happens.
 */
export function signUpPlan(selectedTier: TierId, pickedOnPricing: boolean): SignUpPlan {
  if (TIERS[selectedTier].period === 'trial') return { kind: 'trial', then: null };
  return pickedOnPricing ? { kind: 'checkout', tier: selectedTier as PaidTierId } : { kind: 'trial', then: selectedTier };
}

export function SignUpPlanNotice({ plan, className }: { plan: SignUpPlan; className?: string }) {
  const { t, i18n } = useTranslation();
  const text =
    plan.kind === 'checkout'
      ? t('auth.signUpCheckout', { plan: planName(t, plan.tier), price: formatPrice(TIERS[plan.tier].price, i18n.language), days: TRIAL_DAYS })
      : plan.then
        ? t('auth.signUpTrialThen', { plan: planName(t, plan.then), days: TRIAL_DAYS })
        : t('auth.signUpTrial', { days: TRIAL_DAYS });
  return (
    <p className={className} data-testid="signup-plan-notice" data-plan={plan.kind}>
      {text}
    </p>
  );
}

function Brand() {
  return (
    <div className="flex items-center gap-2">
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-indigo-600 text-sm font-bold text-white" aria-hidden="true">
        T
      </span>
      <span className="text-lg font-semibold text-slate-900">Trainwright</span>
    </div>
  );
}

/**
 * `intro`: shown above the form (an invitation's offer: routes/invitations.$token.tsx), which then
 * opens on `initialView` with `initialEmail` filled in.
 */
export function AuthScreen({ intro, initialView = 'signIn', initialEmail = '' }: { intro?: ReactNode; initialView?: 'signIn' | 'signUp'; initialEmail?: string } = {}) {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const formId = useId();
  const [view, setView] = useState<View>(initialView);
  const [selectedTier, setSelectedTier] = useState<TierId>(DEFAULT_SELECTED_TIER);
  // See signUpPlan: only a plan picked on the pricing screen leads into its checkout.
  const [pickedOnPricing, setPickedOnPricing] = useState(false);
  const [values, setValues] = useState<Record<FieldName, string>>({ name: '', company: '', email: initialEmail, password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  // Kept untranslated so a language switch re-renders the messages in the new language.
  const [error, setError] = useState<{ cause: unknown; fallbackKey: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The screen is in the server's HTML: nothing is typed or submitted before React runs.
  const ready = useHydrated();
  const plan = signUpPlan(selectedTier, pickedOnPricing);

  const switchView = (next: View) => {
    setView(next);
    setError(null);
    setFieldErrors({});
  };

  const chooseTier = (id: TierId) => {
    setSelectedTier(id);
    setPickedOnPricing(true);
    switchView('signUp');
  };

  const set = (name: FieldName) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));

  const validate = (): Partial<Record<FieldName, string>> => {
    const errors: Partial<Record<FieldName, string>> = {};
    if (view === 'signUp') {
      if (!values.name.trim()) errors.name = 'auth.nameRequired';
      if (!values.company.trim()) errors.company = 'auth.companyRequired';
    }
    if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = 'auth.emailInvalid';
    if (!values.password) errors.password = 'auth.passwordRequired';
    else if (view === 'signUp' && values.password.length < MIN_PASSWORD_LENGTH) errors.password = 'auth.passwordTooShort';
    return errors;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setError(null);
    const errors = validate();
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      const firstInvalid = (['name', 'company', 'email', 'password'] as const).find((f) => errors[f]);
      if (firstInvalid) document.getElementById(`${formId}-${firstInvalid}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      if (view === 'signUp') {
        const paidTier = plan.kind === 'checkout' ? plan.tier : null;
        await auth.signUp(
          {
            name: values.name.trim(),
            company: values.company.trim(),
            email: values.email.trim(),
            password: values.password,
            selectedTier,
          },
          // A paid plan chosen on the pricing screen: straight on to its checkout. When that cannot
          // start, the new account lands on /billing with the reason shown there.
          paidTier ? () => startCheckout(paidTier) : undefined,
        );
      } else {
        await auth.signIn(values.email.trim(), values.password);
      }
      // Signed in: the guard now renders the app in place of this screen.
    } catch (err) {
      setError({ cause: err, fallbackKey: view === 'signUp' ? 'auth.registrationFailed' : 'auth.loginFailed' });
      setSubmitting(false);
    }
  };

  /** After registering with a paid plan: true when the browser is on its way to the checkout. */
  const startCheckout = async (tier: PaidTierId): Promise<boolean> => {
    try {
      const result = await billingApi.upgrade(tier, 'month');
      if (result.checkout_url) {
        goTo(result.checkout_url);
        return true;
      }
      navigate('/billing');
    } catch (err) {
      navigate('/billing', {
        state: { signupUpgradeError: { plan: planName(t, tier), message: errorText(err, t, 'billing.changeFailed') } },
      });
    }
    return false;
  };

  const header = (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-3 sm:px-6">
        <Brand />
        <LanguageSwitcher />
      </div>
    </header>
  );

  const sessionProblem = auth.checkError ? (
    <div className="mx-auto max-w-7xl px-4 pt-4 sm:px-6">
      <ErrorBox>
        {t('auth.sessionCheckFailed')} {errorText(auth.checkError, t)}
      </ErrorBox>
    </div>
  ) : null;

  if (view === 'pricing') {
    return (
      <div className="min-h-full bg-slate-50">
        {header}
        {sessionProblem}
        <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
          <div className="mx-auto max-w-2xl text-center">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('auth.pricingHeading')}</h1>
            <p className="mt-3 text-slate-600">{t('auth.pricingSubheading')}</p>
            <p className="mt-2 text-sm font-medium text-emerald-700">{t('auth.trialMessage', { days: TRIAL_DAYS })}</p>
          </div>
          <div className="mt-10 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
            {TIER_IDS.map((id) => {
              const tier = TIERS[id];
              const isTrial = tier.period === 'trial';
              return (
                <TierCard
                  key={id}
                  tier={tier}
                  highlight={isTrial ? 'trial' : tier.popular ? 'popular' : undefined}
                  action={
                    <Button
                      className={cx('w-full', isTrial && 'bg-emerald-700 hover:bg-emerald-800 focus-visible:outline-emerald-700')}
                      variant={isTrial || tier.popular ? 'primary' : 'secondary'}
                      onClick={() => chooseTier(id)}
                    >
                      {isTrial ? t('pricing.startFree') : t('pricing.choose', { name: planName(t, tier.id) })}
                    </Button>
                  }
                />
              );
            })}
          </div>
          <div className="mt-10 text-center">
            <button type="button" className="text-sm font-semibold text-indigo-600 hover:text-indigo-700" onClick={() => switchView('signIn')}>
              {t('auth.toSignIn')}
            </button>
          </div>
        </main>
      </div>
    );
  }

  const signUp = view === 'signUp';
  const field = (name: FieldName, label: string, type: string, autoComplete: string, hint?: string) => {
    const id = `${formId}-${name}`;
    const errorKey = fieldErrors[name];
    const error = errorKey ? t(errorKey, { count: MIN_PASSWORD_LENGTH }) : undefined;
    return (
      <Field id={id} label={label} hint={hint} error={error}>
        <input
          id={id}
          name={name}
          type={type}
          autoComplete={autoComplete}
          value={values[name]}
          onChange={set(name)}
          readOnly={!ready}
          className={inputClass}
          {...describedBy(id, hint, error)}
        />
      </Field>
    );
  };

  return (
    <div className="min-h-full bg-slate-50">
      {header}
      {sessionProblem}
      <main className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-2 lg:items-center lg:py-16">
        <div className="hidden lg:block">
          <p className="text-sm font-semibold uppercase tracking-wide text-indigo-600">Trainwright</p>
          <p className="mt-3 text-4xl font-bold tracking-tight text-slate-900">{t('auth.tagline')}</p>
          <p className="mt-4 text-lg text-slate-600">{t('auth.outputs')}</p>
          {/* On sign-up the form's own notice says what happens; the general promise would contradict a checkout. */}
          {!signUp && (
            <p className="mt-6 inline-flex rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800 ring-1 ring-emerald-600/20">
              {t('auth.trialMessage', { days: TRIAL_DAYS })}
            </p>
          )}
        </div>
        <div className="mx-auto w-full max-w-md">
          {intro}
          <div className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">
              {signUp ? t('auth.signUpHeading') : t('auth.signInHeading')}
            </h1>
            {signUp ? (
              <div className="mt-2 space-y-2 text-sm text-slate-600">
                <p>
                  <span>{t('auth.selectedPlan', { name: planName(t, selectedTier) })}</span>{' '}
                  <button
                    type="button"
                    disabled={!ready}
                    className="font-semibold text-indigo-600 hover:text-indigo-700"
                    onClick={() => switchView('pricing')}
                  >
                    {t('auth.change')}
                  </button>
                </p>
                <SignUpPlanNotice plan={plan} className={cx('rounded-md px-3 py-2', plan.kind === 'checkout' ? 'bg-indigo-50 text-indigo-900' : 'bg-emerald-50 text-emerald-800')} />
              </div>
            ) : (
              <p className="mt-2 text-sm">
                <button type="button" disabled={!ready} className="font-semibold text-indigo-600 hover:text-indigo-700" onClick={() => switchView('pricing')}>
                  {t('auth.viewPricing')}
                </button>
              </p>
            )}

            <form className="mt-6 space-y-4" noValidate onSubmit={onSubmit} aria-busy={submitting}>
              {error && <ErrorBox takeFocus>{errorText(error.cause, t, error.fallbackKey)}</ErrorBox>}
              {signUp && field('name', t('auth.name'), 'text', 'name')}
              {signUp && field('company', t('auth.company'), 'text', 'organization')}
              {field('email', t('auth.email'), 'email', 'email')}
              {field(
                'password',
                t('auth.password'),
                'password',
                signUp ? 'new-password' : 'current-password',
                signUp ? t('auth.passwordHint', { count: MIN_PASSWORD_LENGTH }) : undefined,
              )}
              <button type="submit" disabled={submitting || !ready} className={cx(buttonClass('primary'), 'w-full')}>
                {submitting && <Spinner />}
                {submitting
                  ? signUp
                    ? t('auth.creatingAccount')
                    : t('auth.signingIn')
                  : signUp
                    ? t('auth.createAccount')
                    : t('auth.signIn')}
              </button>
            </form>

            <p className="mt-6 text-center text-sm">
              <button
                type="button"
                disabled={!ready}
                className="font-semibold text-indigo-600 hover:text-indigo-700"
                onClick={() => switchView(signUp ? 'signIn' : 'signUp')}
              >
                {signUp ? t('auth.toSignIn') : t('auth.toSignUp')}
              </button>
            </p>
          </div>
        </div>
      </main>
    </div>
  );
}
