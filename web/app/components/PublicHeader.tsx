// The header of the pages a visitor opens without an account (a share link, an interactive
// video's watch page): the product's name and the language switcher.
import { LanguageSwitcher } from '~/components/LanguageSwitcher';

export function PublicHeader({ width }: { width: 'max-w-4xl' | 'max-w-5xl' }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className={`mx-auto flex ${width} items-center justify-between gap-3 px-4 py-3`}>
        <span className="flex items-center gap-2">
          <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-indigo-600 text-sm font-bold text-white" aria-hidden="true">
            T
          </span>
          <span className="text-lg font-semibold text-slate-900">Trainwright</span>
        </span>
        <LanguageSwitcher />
      </div>
    </header>
  );
}
