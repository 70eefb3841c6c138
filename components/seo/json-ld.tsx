import { jsonLdScript } from '@/lib/structured-data';

/** Embeds schema.org data in the page for search engines. */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(data) }} />;
}
