// tb_vec_lines.svh: the vector-file line reader the Icarus replay testbenches
// (tb/tb_gmc_*.sv) share.  `include it inside the module (path relative to
// the repository root, where every make rule runs); the module declares
//   localparam int LineBytes;  reg [8*LineBytes-1:0] line, unused_rest;
//   integer fd, len, rest_len, lineno;  bit cut;
// before the include.

  function automatic bit is_blank(input reg [7:0] c);
    is_blank = (c == 8'h0a || c == 8'h0d || c == 8'h20 || c == 8'h09);
  endfunction

  // Reads one line into `line` without its trailing newline / blanks; sets
  // len to its length (0 for a blank line), cut if the line was longer than
  // the buffer (the rest is skipped), and got = 0 at end of file.
  task automatic read_line(output bit got);
    line = '0;
    len  = $fgets(line, fd);
    got  = (len > 0);
    cut  = 1'b0;
    if (got) lineno = lineno + 1;
    if (len == LineBytes && line[7:0] != 8'h0a) begin
      cut      = 1'b1;
      rest_len = LineBytes;
      unused_rest = '0;
      while (rest_len == LineBytes && unused_rest[7:0] != 8'h0a) begin
        unused_rest = '0;
        rest_len    = $fgets(unused_rest, fd);
      end
    end
    while (len > 0 && is_blank(line[7:0])) begin
      line = line >> 8;
      len  = len - 1;
    end
  endtask
