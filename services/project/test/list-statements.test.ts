// The list's statements (one per shape of filters) and which searches the search index can serve.
import { listStatement, searchHasTrigram } from '../src/repositories/project.repository.js';

describe('listStatement', () => {
  it('should number the values of each shape in order: companies, status, type, pattern, limit, offset, the statistics\' companies and month', () => {
    const none = listStatement({ status: false, projectType: false, search: false }, ['id']);
    expect(none).toContain('select id, count(*) over () as full_count from projects where company_id = any($1::uuid[])\n');
    expect(none).toContain('limit $2 offset $3');
    expect(none).toContain('created_month >= $5::date');
    expect(none).toContain('from project_counts where company_id = any($4::uuid[])');
    const all = listStatement({ status: true, projectType: true, search: true }, ['id', 'title']);
    expect(all).toContain('where company_id = any($1::uuid[]) and status = $2 and project_type = $3 and (title ilike $4 or description ilike $4)');
    expect(all).toContain('limit $5 offset $6');
    expect(all).toContain('company_id = any($7::uuid[])');
    expect(all).toContain('$8::date');
    const typeAndSearch = listStatement({ status: false, projectType: true, search: true }, ['id']);
    expect(typeAndSearch).toContain('project_type = $2 and (title ilike $3 or description ilike $3)');
    expect(typeAndSearch).toContain('limit $4 offset $5');
  });
});

describe('searchHasTrigram', () => {
  it('should tell a search with three letters or digits in a row from one the index cannot look up', () => {
    for (const search of ['lift', 'Ünï', '2026', 'c++ and more', 'a b abc']) expect([search, searchHasTrigram(search)]).toEqual([search, true]);
    for (const search of ['fi', 'c++', '%', '_', 'a b c', '10%', 'é-è']) expect([search, searchHasTrigram(search)]).toEqual([search, false]);
  });
});
