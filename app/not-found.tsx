import { NotFoundContent } from '@/components/ui/not-found-content';

/** Themed not-found page; kept free of heavy imports so it adds nothing to other routes. */
export default function NotFound() {
  return <NotFoundContent />;
}
