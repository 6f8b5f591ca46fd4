import { citationsAfterEdit, parseSlideText, type Citation } from '../src/index.js';

const BEFORE = parseSlideText('# Forklifts\n\n## Inspection\n- Check the forks\n\n## Loads\n- Carry loads low\n\n## Pedestrians\n- Sound the horn\n');
const cite = (slide_index: number, passage: string): Citation => ({ slide_index, document_id: 'd1', document_title: 'Manual', passage });
const CITED = [cite(0, 'Check the forks before you drive.'), cite(1, 'Carry loads low.'), cite(2, 'Sound the horn at corners.')];

describe(citationsAfterEdit.name, () => {
  it('should keep the citations of unchanged slides where they moved, and drop those of edited or removed ones', () => {
    const after = parseSlideText('# Forklifts\n\n## New first slide\n- Welcome\n\n## Inspection\n- Check the forks.\n\n## Pedestrians\n- Sound the horn twice\n');
    expect(citationsAfterEdit(BEFORE, after, CITED)).toEqual([cite(1, 'Check the forks before you drive.')]);
  });

  it('should leave citations as they are when the slides did not change', () => {
    expect(citationsAfterEdit(BEFORE, BEFORE, CITED)).toEqual(CITED);
    expect(citationsAfterEdit(BEFORE, BEFORE, [])).toEqual([]);
  });
});
