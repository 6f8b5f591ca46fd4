// A secret the server answers once (a Zapier signing secret at setup or rotation): shown in a
// read-only field with a copy button, and a note on what it is for.
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, inputClass } from '../ui';

export function SecretOnce({ secret, label, children }: { secret: string; label: string; children: ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard access (permissions, an insecure context): the text is selected to copy by hand.
      input.current?.select();
      setCopied(false);
    }
  };
  return (
    <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900" data-testid="signing-secret">
      <div className="space-y-1">{children}</div>
      <label htmlFor={id} className="mt-3 block text-xs font-semibold uppercase tracking-wide text-emerald-900">
        {label}
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <input ref={input} id={id} readOnly value={secret} className={`${inputClass} min-w-0 flex-1 bg-white font-mono text-xs`} onFocus={(e) => e.target.select()} data-testid="signing-secret-value" />
        <Button size="sm" variant="secondary" onClick={copy}>
          {copied ? t('integrations.secret.copied') : t('integrations.secret.copy')}
        </Button>
      </div>
      <p className="mt-1 text-xs" role="status">
        {copied === false ? t('integrations.secret.copyByHand') : ''}
      </p>
    </div>
  );
}
