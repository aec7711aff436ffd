import type { Block, Inline, LegalText, Sentence } from './legal-text';
import './text-page.css';

function Run({ run }: { run: Inline }) {
  if (typeof run === 'string') return run;
  if ('strong' in run) return <strong>{run.strong}</strong>;
  if ('code' in run) return <code>{run.code}</code>;
  return run.external ? (
    <a href={run.href} target="_blank" rel="noopener noreferrer">
      {run.text}
    </a>
  ) : (
    <a href={run.href}>{run.text}</a>
  );
}

// Array.isArray does not narrow a readonly array.
const isRuns = (sentence: Sentence): sentence is readonly Inline[] => Array.isArray(sentence);

function Runs({ sentence }: { sentence: Sentence }) {
  if (!isRuns(sentence)) return <Run run={sentence} />;
  // A sentence never changes order: its runs' places are their keys.
  return sentence.map((run, index) => <Run key={index} run={run} />);
}

function Blocks({ blocks }: { blocks: readonly Block[] }) {
  return blocks.map((block, index) =>
    'paragraph' in block ? (
      <p key={index}>
        <Runs sentence={block.paragraph} />
      </p>
    ) : (
      <ul key={index}>
        {block.list.map((item, itemIndex) => (
          <li key={itemIndex}>
            <Runs sentence={item} />
          </li>
        ))}
      </ul>
    ),
  );
}

/** A legal page (the privacy policy, the terms of service): its title, its date, then its sections. */
export function LegalDocument({ text }: { text: LegalText }) {
  return (
    <article className="text-page">
      <h1>{text.title}</h1>
      <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{`Last updated: ${text.updated}`}</p>
      {text.intro && <Blocks blocks={text.intro} />}
      {text.sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id}>
          <h2 id={section.id}>{section.heading}</h2>
          <Blocks blocks={section.blocks} />
        </section>
      ))}
    </article>
  );
}
