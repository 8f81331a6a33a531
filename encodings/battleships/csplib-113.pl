% CSPLib problem 14, board 113 (Moshe Rubin), as a Prolog term: the same board as csplib-113.txt
problem(113,
	[4:1,3:2,2:3,1:4],
	[2,4,3,3,2,4,1,1,0,0],
	[0,5,0,2,2,3,1,3,2,2],
	[c@[7,10],w@[1,6]]).
