import { Modal } from '../../ui/Modal';
import { PLAYER_SHORTCUTS } from './usePlayerShortcuts';

/** The '?' overlay: every shortcut of the library pages. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Keyboard shortcuts" description="They work anywhere on the page except while typing in a field." size="sm">
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
        {PLAYER_SHORTCUTS.map(({ keys, action }) => (
          <div key={action} className="contents">
            <dt className="flex justify-end gap-1">
              {keys.map((key) => (
                <kbd
                  key={key}
                  className="min-w-7 rounded-md border border-gray-300 bg-gray-50 px-1.5 py-0.5 text-center font-mono text-xs text-gray-800 shadow-[0_1px_0_rgba(0,0,0,0.15)] dark:border-white/20 dark:bg-white/10 dark:text-gray-100"
                >
                  {key}
                </kbd>
              ))}
            </dt>
            <dd className="text-gray-700 dark:text-gray-300">{action}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
