// /dashboard is where payment pages send people back to; the dashboard itself lives at /.
import { redirect } from '@remix-run/node';

export const loader = () => redirect('/');
