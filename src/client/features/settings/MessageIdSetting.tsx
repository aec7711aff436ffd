import { messageLinkChannelProblem, messageLinkProblem, messageUrl } from '../../../shared/settings/inputs';
import { useContext } from 'react';
import { ReadOnlyView } from './controls';
import { OPTIONAL_TEXT, TextSetting } from './TextSetting';
import type { ControlProps } from './control-props';

/** A message id, typed or pasted as a link; once set, a link back to the message when its channel is known. */
export function MessageIdSetting({ id, section, spec, value, data, saving, saved, validate, onChange }: ControlProps<'messageId'>) {
  const messageId = typeof value === 'string' ? value : null;
  const channel = (data[section] as Record<string, unknown>)[spec.channelKey];
  const readOnly = useContext(ReadOnlyView);
  return (
    <TextSetting
      id={id}
      label={spec.label}
      saving={saving}
      saved={saved}
      value={messageId}
      format={OPTIONAL_TEXT.format}
      // A pasted link goes as pasted: the Worker reads it as its message id and keeps its channel for the link back.
      parse={OPTIONAL_TEXT.parse}
      placeholder={spec.placeholder}
      help={spec.help}
      validate={(candidate) =>
        candidate === null ? null : (messageLinkProblem(candidate, data.id) ?? messageLinkChannelProblem(candidate, data.channels) ?? validate(candidate))
      }
      onSave={onChange}
    >
      {messageId !== null &&
        (typeof channel === 'string' ? (
          <a
            href={messageUrl(data.id, channel, messageId)}
            target="_blank"
            rel="noreferrer"
            className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
          >
            Open the message in Discord<span aria-hidden="true">↗</span>
          </a>
        ) : (
          !readOnly && <p className="mt-1 text-xs text-gray-600 dark:text-gray-400">Paste the message link instead of the ID to get a link back to it.</p>
        ))}
    </TextSetting>
  );
}
