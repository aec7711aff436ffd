/**
 * What stands in for the folders and the songs while a client-side move waits for the listing (a page from the
 * server has them in its HTML): grey bars the size of the rows that replace them, so nothing moves when they come.
 * Said to assistive technology by the label, not by a text on screen.
 */

const BAR = 'animate-pulse rounded bg-gray-200 motion-reduce:animate-none dark:bg-white/10';
/** Uneven widths read as names, not as a table. */
const WIDTHS = ['w-3/5', 'w-2/5', 'w-1/2', 'w-3/4', 'w-1/3', 'w-2/3'];

export function FolderTreeSkeleton() {
  return (
    <div role="status" aria-label="Loading folders">
      {WIDTHS.map((width, i) => (
        <div key={width} className={`flex h-11 items-center gap-2 pr-2 ${i === 0 ? 'pl-2' : 'pl-7'}`}>
          <span className={`size-5 shrink-0 ${BAR}`} />
          <span className={`h-3.5 ${width} ${BAR}`} />
        </div>
      ))}
    </div>
  );
}

/** Rows as tall as FileList's (56 px): a square where the play button is, a name, its folder or length. */
export function FileListSkeleton() {
  return (
    <div role="status" aria-label="Loading songs" className="overflow-hidden">
      {WIDTHS.map((width) => (
        <div key={width} className="flex h-14 items-center gap-3 border-b border-gray-100 px-4 dark:border-white/5">
          <span className={`size-8 shrink-0 rounded-full ${BAR}`} />
          <span className={`h-3.5 ${width} ${BAR}`} />
          <span className={`ml-auto h-3 w-10 shrink-0 ${BAR}`} />
        </div>
      ))}
    </div>
  );
}

/** In place of the line that counts the folder's songs. */
export const SummarySkeleton = () => <span className={`inline-block h-2.5 w-40 align-middle ${BAR}`} />;

/**
 * In place of the folder's buttons (Play all, Add to queue; Download folder), the same sizes in the same two
 * groups, so they wrap as the buttons do on a phone and the rows below stay where they are.
 */
export function FolderActionsSkeleton() {
  return (
    <>
      <div aria-hidden="true" className="flex items-center gap-2">
        <span className={`h-11 w-28 rounded-full ${BAR}`} />
        <span className={`size-11 rounded-full sm:w-36 ${BAR}`} />
      </div>
      <span aria-hidden="true" className={`h-11 w-44 rounded-full ${BAR}`} />
    </>
  );
}
