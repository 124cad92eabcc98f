import { useQuery } from '@tanstack/react-query';
import { getHealth } from '../api/get-health';

export function useHealth() {
  return useQuery({ queryKey: ['system', 'health'], queryFn: () => getHealth(), staleTime: 60_000 });
}
