house 8x8 (encodings/nonogram/house-8x8.non in Olšák's .g format)
#d
   0:   #FFFFFF   white
   g:X  #000000   black
: rows
2g
4g
6g
8g
1g 1g
1g 2g 1g
1g 2g 1g
6g
: columns
1g
6g
3g 1g
4g 3g
4g 3g
3g 1g
6g
1g
