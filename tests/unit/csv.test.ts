import { describe, expect, it } from 'vitest';
import { csvField, csvHeader, csvRecord, csvRow, neutraliseFormula, type CsvColumn } from '@/lib/csv';

describe('csv fields', () => {
  it('leaves plain text and numbers as they are and empties null', () => {
    expect(csvField('Owls')).toBe('Owls');
    expect(csvField(150)).toBe('150');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(true)).toBe('yes');
    expect(csvField(new Date('2027-02-21T04:30:00.000Z'))).toBe('2027-02-21T04:30:00.000Z');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvField('Owls, Hawks')).toBe('"Owls, Hawks"');
    expect(csvField('The "Owls"')).toBe('"The ""Owls"""');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('turns text starting with = + - @ tab or CR into plain text', () => {
    expect(csvField('=1+2')).toBe("'=1+2");
    expect(csvField('+91 98765')).toBe("'+91 98765");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('\rcmd')).toBe('"\'\rcmd"');
    // Neutralised and quoted together, so the formula cannot escape its cell either.
    expect(csvField('=HYPERLINK("http://evil","x"),1')).toBe('"\'=HYPERLINK(""http://evil"",""x""),1"');
    // A formula character later in the text is harmless.
    expect(neutraliseFormula('Team=1')).toBe('Team=1');
    // Numbers we wrote ourselves stay numbers, even negative ones.
    expect(csvField(-5)).toBe('-5');
  });
});

describe('csv rows', () => {
  it('joins fields with commas and ends each record with CRLF', () => {
    expect(csvRow(['a', 'b,c', null, 3])).toBe('a,"b,c",,3\r\n');
  });

  it('writes a header and records from column definitions', () => {
    const columns: CsvColumn<{ name: string; paise: number }>[] = [
      { header: 'Name', value: (r) => r.name },
      { header: 'Paid (INR)', value: (r) => (r.paise / 100).toFixed(2) },
    ];
    expect(csvHeader(columns)).toBe('Name,Paid (INR)\r\n');
    expect(csvRecord(columns, { name: '@team', paise: 15000 })).toBe("'@team,150.00\r\n");
  });
});
