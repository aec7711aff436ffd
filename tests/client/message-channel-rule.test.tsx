import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessageIdSetting } from '../../src/client/features/settings/MessageIdSetting';
import { inputProblem, isMessageChannel, messageChannelProblem, messageLinkChannelProblem, type SettingsChannel } from '../../src/shared/settings/index';
import { fieldSpec } from '../../src/shared/settings/registry';
import { type FieldSpecOf } from '../../src/shared/settings/field-specs';
import { kenjiSettings } from './helpers/settings-fixture';

/** Issue 36 §3: the channel of a reaction role's or a ticket's message is a text or announcement channel of this server. */

const channel = (id: string, name: string, type: number): SettingsChannel => ({ id, name, type, parent_id: null, position: 0 });
const GENERAL = channel('500000000000001004', 'general', 0);
const NEWS = channel('500000000000001003', 'announcements', 5);
const VOICE = channel('500000000000001007', 'Listening Room', 2);
const CATEGORY = channel('500000000000001002', 'Lounge', 4);
const CHANNELS = [GENERAL, NEWS, VOICE, CATEGORY];
const link = (channelId: string) => `https://discord.com/channels/300000000000000001/${channelId}/600000000000000001`;

describe('where a message the bot watches may be', () => {
  it.each([
    [0, true, 'text'],
    [5, true, 'announcement'],
    [1, false, 'a direct message'],
    [2, false, 'voice (its chat is no place to set up a reaction role)'],
    [4, false, 'category'],
    [6, false, 'the next type after announcement (store, retired)'],
    [10, false, 'an announcement thread'],
    [11, false, 'a public thread'],
    [13, false, 'stage'],
    [15, false, 'forum'],
  ])('channel type %i is a message channel: %s (%s)', (type, expected) => {
    expect(isMessageChannel({ type })).toBe(expected);
  });

  it('says why, naming the channel, or that the server has no such channel', () => {
    expect(messageChannelProblem(GENERAL.id, GENERAL)).toBeNull();
    expect(messageChannelProblem(NEWS.id, NEWS)).toBeNull();
    expect(messageChannelProblem(VOICE.id, VOICE)).toBe("the message's channel 'Listening Room' is not a text or announcement channel.");
    expect(messageChannelProblem('500000000000002001', undefined)).toBe("the message's channel 500000000000002001 does not exist in this server.");
  });

  it("the page says it of a pasted link's channel it knows, and leaves a channel it does not know to the Worker", () => {
    expect(messageLinkChannelProblem(link(VOICE.id), CHANNELS)).toBe("The message's channel 'Listening Room' is not a text or announcement channel.");
    expect(messageLinkChannelProblem(link(CATEGORY.id), CHANNELS)).toBe("The message's channel 'Lounge' is not a text or announcement channel.");
    expect(messageLinkChannelProblem(link(GENERAL.id), CHANNELS)).toBeNull();
    expect(messageLinkChannelProblem(link(NEWS.id), CHANNELS)).toBeNull();
    // A channel made after the page loaded: the Worker looks at Discord again before it refuses.
    expect(messageLinkChannelProblem(link('500000000000001999'), CHANNELS)).toBeNull();
    expect(messageLinkChannelProblem('600000000000000001', CHANNELS)).toBeNull();
  });
});

describe('the Message ID field', () => {
  const found = fieldSpec('reactionrole', 'messageID');
  if (found?.kind !== 'messageId') throw new Error('reactionrole.messageID is a message id');
  const spec: FieldSpecOf<'messageId'> = found;

  function renderField() {
    const onChange = vi.fn();
    render(
      <MessageIdSetting
        id="setting-reactionrole-messageID"
        section="reactionrole"
        spec={spec}
        value={null}
        data={kenjiSettings({ channels: CHANNELS })}
        saving={false}
        saved={false}
        onChange={onChange}
        validate={(candidate) => inputProblem('reactionrole', 'messageID', candidate)}
      />,
    );
    return { onChange, input: screen.getByRole('textbox', { name: 'Message ID' }) };
  }

  it("keeps a link to a voice channel's message unsent and says why, as the Worker would", async () => {
    const { onChange, input } = renderField();
    await userEvent.type(input, `${link(VOICE.id)}{Enter}`);
    expect(screen.getByText("The message's channel 'Listening Room' is not a text or announcement channel.")).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();
  });

  it("sends a link to an announcement channel's message, and one to a channel it does not know", async () => {
    const { onChange, input } = renderField();
    await userEvent.type(input, `${link(NEWS.id)}{Enter}`);
    expect(onChange).toHaveBeenLastCalledWith(link(NEWS.id));
    await userEvent.clear(input);
    await userEvent.type(input, `${link('500000000000001999')}{Enter}`);
    expect(onChange).toHaveBeenLastCalledWith(link('500000000000001999'));
  });
});
