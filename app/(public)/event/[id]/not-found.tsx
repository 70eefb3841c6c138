import { UnknownCategory } from '@/components/events/unknown-category';

export default function CategoryNotFound() {
  return <UnknownCategory />;
}
