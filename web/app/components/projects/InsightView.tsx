// A JSON value from an AI service laid out for reading (lib/ai.ts describeValue): numbers in the
// interface language, yes / no, lists and labelled fields, never raw JSON.
import { useTranslation } from 'react-i18next';
import type { InsightNode } from '~/lib/ai';

export function InsightView({ node }: { node: InsightNode }) {
  const { t, i18n } = useTranslation();
  switch (node.kind) {
    case 'empty':
      return null;
    case 'number':
      return <span className="tabular-nums">{new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(node.value)}</span>;
    case 'boolean':
      return <span>{node.value ? t('aiDashboard.yes') : t('aiDashboard.no')}</span>;
    case 'text':
      return <span className="whitespace-pre-line">{node.value}</span>;
    case 'list':
      return (
        <ul className="list-disc space-y-1 pl-5">
          {node.items.map((item, i) => (
            <li key={i}>
              <InsightView node={item} />
            </li>
          ))}
        </ul>
      );
    case 'fields':
      return (
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[minmax(8rem,auto)_1fr]">
          {node.entries.map((entry) => (
            <div key={entry.key} className="contents">
              <dt className="font-medium text-slate-600">{entry.label}</dt>
              <dd className="min-w-0 text-slate-900">
                <InsightView node={entry.node} />
              </dd>
            </div>
          ))}
        </dl>
      );
  }
}
