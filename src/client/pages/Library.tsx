export default function Library() {
  return <section className="px-4 pt-24">Library</section>;
}
